// The rewrite itself is tested in tests/build/drop-facades.test.ts; here, the build errors of a
// changed shape of the bundler's facades.
import { describe, expect, it } from 'vitest';
import { type Bundle, type Chunk, dropFacades, findFacades } from './drop-facades.ts';
import { surgeryError } from './expect-surgery-error.ts';

const chunk = (code: string, imports: string[] = []): Chunk => ({ type: 'chunk', code, isEntry: false, imports, dynamicImports: [] });
const bundle = (facade: string): Bundle => ({
  'assets/start.js': { ...chunk('const a=import("./page-a.js");'), isEntry: true },
  'assets/page-a.js': chunk(facade, ['assets/shared.js']),
  'assets/shared.js': chunk('var n=1;export{n};'),
});

describe('facades', () => {
  it('in the shape the bundler writes them are found and dropped', () => {
    const output = bundle('export{n as default}from"./shared.js";');
    expect([...findFacades(output)]).toEqual([['assets/page-a.js', { target: 'assets/shared.js', names: [['n', 'default']] }]]);
    expect(dropFacades(output)).toEqual(['assets/page-a.js']);
  });

  it('in another spelling stop the build, naming the pattern, the version and the file', () => {
    expect(() => findFacades(bundle('export { n as default } from "./shared.js";'))).toThrow(
      surgeryError('facade', 'vite', 'assets/page-a.js'),
    );
    expect(() => findFacades(bundle('import "./start.js";\nexport{n as default}from"./shared.js";'))).toThrow(
      surgeryError('facade', 'vite', 'assets/page-a.js'),
    );
  });

  it('with a name list the names pattern does not read stop the build', () => {
    expect(() => findFacades(bundle('export{n  as default}from"./shared.js";'))).toThrow(
      surgeryError('facade name', 'vite', 'assets/page-a.js'),
    );
    expect(() => findFacades(bundle('export{}from"./shared.js";'))).toThrow(surgeryError('facade name', 'vite', 'assets/page-a.js'));
  });

  it('of another folder, or with code of their own, are no facades to drop and no error', () => {
    expect(findFacades(bundle('export{n as default}from"../shared.js";')).size).toBe(0);
    expect(findFacades(bundle('export{n as default}from"./shared.js";console.log(1);')).size).toBe(0);
  });
});
