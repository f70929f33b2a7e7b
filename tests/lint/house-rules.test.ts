import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The house's layout rules (docs/decisions/0005) are ESLint rules: each case lints a few lines
 * as if they were a file at the given place in the tree (the file need not exist; what it
 * imports must) and expects the rule to answer.
 */
const root = new URL('../../', import.meta.url).pathname;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((message) => message.ruleId !== '@typescript-eslint/no-unused-vars');
}

const rulesOf = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

describe('house rules', () => {
  it('reject an import circle', async () => {
    // api-client.ts imports api-error.ts; api-error.ts importing it back closes a circle.
    const messages = await problems('src/common/api-error.ts', "import './api-client';\n");
    expect(rulesOf(messages)).toEqual(['import-x/no-cycle']);
  });

  it('reject an app feature importing another feature', async () => {
    const messages = await problems('src/app/features/movies/pages/example.tsx', "import '../../charts/chart-theme';\n");
    expect(rulesOf(messages)).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject Ionic in the site', async () => {
    const messages = await problems('src/site/pages/example.tsx', "import '@ionic/react';\n");
    expect(rulesOf(messages)).toEqual(['no-restricted-imports']);
  });

  it('reject app code in the site', async () => {
    const messages = await problems('src/site/pages/example.tsx', "import '../../app/shell/menu-id';\n");
    expect(rulesOf(messages)).toEqual(['import-x/no-restricted-paths']);
  });

  it("reject a reach into another server feature's repository, not its index", async () => {
    const inner = await problems('src/server/admin/example.ts', "import '../images/images-repository';\n");
    expect(rulesOf(inner)).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('src/server/admin/example.ts', "import '../images/index';\n")).toEqual([]);
    // The platform is open to every feature.
    expect(await problems('src/server/admin/example.ts', "import '../platform/lib/http-error';\n")).toEqual([]);
  });

  it('reject src/common importing the server or a face', async () => {
    for (const from of ['../server/platform/lib/http-error', '../site/site-app', '../app/shell/menu-id']) {
      const messages = await problems('src/common/example.ts', `import '${from}';\n`);
      expect(rulesOf(messages)).toEqual(['import-x/no-restricted-paths']);
    }
  });
});
