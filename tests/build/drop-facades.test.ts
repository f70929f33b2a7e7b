import { describe, expect, it } from 'vitest';
import { type Bundle, type Chunk, dropFacades, findFacades } from '../../scripts/build/drop-facades';

const chunk = (code: string, imports: string[] = [], dynamicImports: string[] = []): Chunk => ({
  type: 'chunk',
  code,
  isEntry: false,
  imports,
  dynamicImports,
  sourcemapFileName: null,
});

/** A start file that lazily imports two pages living in one shared file, through facades. */
function bundle(): Bundle {
  return {
    'assets/start.js': {
      ...chunk(
        'const a=w(()=>import(`./page-a.js`),__vite__mapDeps([0,1]));const b=import("./page-b.js");const m=["assets/page-a.js","assets/shared.js"];',
        [],
        ['assets/page-a.js', 'assets/page-b.js'],
      ),
      isEntry: true,
    },
    'assets/page-a.js': chunk('export{n as default}from"./shared.js";', ['assets/shared.js']),
    'assets/page-b.js': chunk('import"./start.js";export{t as default,u}from"./shared.js";', ['assets/start.js', 'assets/shared.js']),
    'assets/shared.js': chunk('import"./start.js";var n=1,t=2,u=3;export{n,t,u};', ['assets/start.js']),
    'assets/style.css': { type: 'asset' },
  };
}

describe('dropFacades', () => {
  it('imports the shared file instead, with the same names, and drops the facades', () => {
    const output = bundle();
    expect(dropFacades(output).sort()).toEqual(['assets/page-a.js', 'assets/page-b.js']);
    expect(Object.keys(output).sort()).toEqual(['assets/shared.js', 'assets/start.js', 'assets/style.css']);
    const start = output['assets/start.js'] as Chunk;
    expect(start.code).toContain('import(`./shared.js`).then(m=>({default:m.n}))');
    expect(start.code).toContain('import("./shared.js").then(m=>({default:m.t,u:m.u}))');
    expect(start.code).toContain('["assets/shared.js","assets/shared.js"]');
    expect(start.dynamicImports).toEqual(['assets/shared.js', 'assets/shared.js']);
  });

  it('builds namespaces that answer like the modules did', async () => {
    const output = bundle();
    dropFacades(output);
    const code = (output['assets/start.js'] as Chunk).code;
    const rewritten = /import\("\.\/shared\.js"\)(\.then\(.+?\)\))/.exec(code)![1]!;
    const namespace = await eval(`Promise.resolve({n:1,t:2,u:3})${rewritten}`);
    expect(namespace).toEqual({ default: 2, u: 3 });
  });

  it('keeps a facade that something imports statically, that runs code first its target does not, or that is more', () => {
    const output = bundle();
    (output['assets/start.js'] as Chunk).imports.push('assets/page-a.js');
    (output['assets/shared.js'] as Chunk).imports = [];
    output['assets/page-c.js'] = chunk('export{n as default}from"./shared.js";console.log(1);');
    expect([...findFacades(output).keys()]).toEqual([]);
  });

  it('refuses to leave a dropped file named anywhere', () => {
    const output = bundle();
    (output['assets/start.js'] as Chunk).code += 'new URL("./page-a.js",import.meta.url)';
    expect(() => dropFacades(output)).toThrow(/page-a\.js was dropped but is still named/);
  });
});
