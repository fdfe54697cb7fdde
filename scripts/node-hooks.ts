import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Lets Node run the server's code from source in the scripts that need all of it (`npm run jobs`, the
 * Worker preview): Node strips the types of `.ts` files itself, but the e-mail templates are `.tsx`, whose
 * JSX it does not know. `node --import ./scripts/node-hooks.ts …` compiles those with TypeScript, as the
 * build does (react-jsx).
 */
registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const { outputText } = ts.transpileModule(readFileSync(fileURLToPath(url), 'utf8'), {
      fileName: fileURLToPath(url),
      compilerOptions: {
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2023,
        verbatimModuleSyntax: true,
        rewriteRelativeImportExtensions: false,
      },
    });
    return { format: 'module', source: outputText, shortCircuit: true };
  },
});
