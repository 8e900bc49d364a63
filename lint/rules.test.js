// The project's lint rules on small cases (RuleTester runs each as a vitest test).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { boundaries } from './boundaries.js';
import { importCycles } from './import-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const root = dirname(dirname(new URL(import.meta.url).pathname));
const at = (path) => join(root, path);

tester.run('boundaries', boundaries, {
  valid: [
    { filename: at('apps/server/src/modules/chat/service.ts'), code: "import { x } from '../billing/public.ts';" },
    // The wiring above the modules builds their services: composition/ may import a module's service.ts.
    { filename: at('apps/server/src/composition/modules.ts'), code: "import { createTurnEngine } from '../modules/turns/service.ts';" },
    { filename: at('apps/server/src/core/routes.ts'), code: "import { x } from './errors.ts'; import { y } from '../db/client.ts';" },
    { filename: at('apps/server/src/seed.ts'), code: "import { x } from './modules/config/defaults.ts';" },
    { filename: at('apps/server/src/providers/pay/wechat.ts'), code: "import { x } from '../../core/safe-fetch.ts';" },
    { filename: at('apps/server/src/composition/context.ts'), code: "import { x } from '../providers/sms/index.ts'; import type { Y } from '../core/context.ts';" },
    { filename: at('apps/web/src/components/Button.tsx'), code: "import { x } from '../lib/i18n.ts';" },
    { filename: at('apps/web/src/app/App.tsx'), code: "import { x } from '../features/chat/ChatPage.tsx';" },
  ],
  invalid: [
    { filename: at('apps/server/src/modules/chat/service.ts'), code: "import { x } from '../billing/balance.ts';", errors: [{ messageId: 'module' }] },
    // Across modules, service.ts is no entry either (not even for a type): only public.ts is.
    { filename: at('apps/server/src/modules/share/module.ts'), code: "import { ChatService } from '../chat/service.ts';", errors: [{ messageId: 'module' }] },
    { filename: at('apps/server/src/modules/chat/stream.ts'), code: "import type { TurnEngine } from '../turns/service.ts';", errors: [{ messageId: 'module' }] },
    { filename: at('apps/web/src/features/chat/ChatPage.tsx'), code: "import { x } from '../draw/api.ts';", errors: [{ messageId: 'feature' }] },
    { filename: at('apps/server/src/core/audit.ts'), code: "import { x } from '../modules/admin/audit.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/db/seed.ts'), code: "import type { X } from '../modules/config/defaults.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/providers/pay/index.ts'), code: "export { x } from '../../modules/billing/service.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/web/src/lib/api.ts'), code: "const m = import('../features/auth/store.ts');", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/web/src/components/Nav.tsx'), code: "import { routes } from '../app/routes.tsx';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/core/context.ts'), code: "import type { SmsProvider } from '../providers/sms/types.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/core/routes.ts'), code: "import { x } from '../composition/integrations.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/providers/pay/index.ts'), code: "import { x } from '../../composition/integrations.ts';", errors: [{ messageId: 'zone' }] },
    { filename: at('apps/server/src/modules/admin/integrations.ts'), code: "import { x } from '../../composition/integrations.ts';", errors: [{ messageId: 'zone' }] },
  ],
});

// A three-file cycle on disk: a → b (value) → c (value) → a (value); c → b and a → c are type-only.
const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = {
  'a.ts': "import { b } from './b.ts';\nimport type { C } from './c.ts';\nexport const a = (): C => ({ x: b() });\n",
  'b.ts': "import { c } from './c.ts';\nexport const b = () => c.x;\n",
  'c.ts': "import { a } from './a.ts';\nimport { type B } from './b.ts';\nexport interface C { x: number }\nexport const c = { x: 2, f: a };\nexport type { B };\n",
  'free/d.ts': "import type { E } from './e.ts';\nimport { lazy } from './e.ts';\nexport type D = E;\nexport const d = () => lazy;\n",
  'free/e.ts': "import type { D } from './d.ts';\nexport type E = { d?: D };\nexport const lazy = () => import('./d.ts');\n",
  'free/f.ts': "import { Used } from './g.ts';\nexport const f: Used = 1;\n",
  'free/g.ts': "import { f } from './f.ts';\nexport type Used = number;\nexport const g = f;\n",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
}

tester.run('import-cycles', importCycles, {
  valid: [
    // Type-only imports both ways, and a dynamic import back: no run-time cycle.
    { filename: join(dir, 'free/d.ts'), code: files['free/d.ts'] },
    { filename: join(dir, 'free/e.ts'), code: files['free/e.ts'] },
    // An import used only as a type (no `type` keyword) is dropped from the bundle: no cycle.
    { filename: join(dir, 'free/f.ts'), code: files['free/f.ts'] },
    { filename: join(dir, 'free/g.ts'), code: files['free/g.ts'] },
  ],
  invalid: [
    {
      filename: join(dir, 'a.ts'),
      code: files['a.ts'],
      errors: [{ messageId: 'cycle', line: 1 }],
    },
    {
      filename: join(dir, 'c.ts'),
      code: files['c.ts'],
      errors: [{ messageId: 'cycle', line: 1 }],
    },
  ],
});

// The file as being edited counts, not as saved: e.ts importing d's value closes d → e → d
// (run last: the rule keeps the edited text as e's imports for the rest of the run).
tester.run('import-cycles, edited file', importCycles, {
  valid: [],
  invalid: [{ filename: join(dir, 'free/e.ts'), code: "import { d } from './d.ts';\nexport const lazy = () => d;\n", errors: [{ messageId: 'cycle' }] }],
});
