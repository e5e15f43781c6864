// Fails a build that would crash at runtime on the shared subsets (shared-subsets.mjs):
// - a value imported from a subset package that its list lacks is `undefined` in the browser (a
//   component: React error #130), although the build itself succeeds;
// - a deep import (`antd/es/button`) bypasses the shared singleton and bundles a second antd.
// It reads the module graph (import specifiers and their names), so it sees every module of the build,
// from this workspace or from node_modules, whatever the source language.
import { refusedDeepImport, sharedSubsets } from './shared-subsets.mjs';

const NAME = 'TongxinSharedImportsGuard';
const NAMED_USE = new Set(['esm import specifier', 'esm export imported specifier']);
const WHOLE_USE = new Set(['cjs require', 'import()', 'esm export star', 'cjs full require']);

const where = (module, dep, context) => {
  const file = module.resource ?? module.identifier();
  const shown = file.startsWith(context) ? file.slice(context.length + 1) : file;
  const line = dep.loc?.start?.line;
  return line ? `${shown}:${line}` : shown;
};

/**
 * The problems of one dependency of `module`: a name missing from a subset, the package taken whole,
 * or a refused deep import. `list` is the subset of each package (sharedSubsets by default).
 */
export function problemsOf(dep, list = sharedSubsets) {
  const request = dep.request;
  if (!request) return [];
  const deep = refusedDeepImport(request);
  if (deep) return [deep];
  const names = list[request];
  if (!names) return [];
  if (NAMED_USE.has(dep.type)) {
    const name = dep.ids?.[0];
    if (!name || name === 'default')
      return [`takes ${request} whole; import the names it needs: import { … } from '${request}'`];
    if (!names.includes(name))
      return [
        `imports ${name} from ${request}, which the shell does not share: it would be undefined at runtime` +
          ` (a component: React error #130). Use a shared one, or add '${name}' to sharedSubsets['${request}']` +
          ` in @tongxin/build-config/shared-subsets.mjs and rebuild the shell first`,
      ];
  }
  if (WHOLE_USE.has(dep.type))
    return [
      `takes ${request} whole (${dep.type}); import the names it needs: import { … } from '${request}'`,
    ];
  return [];
}

/** The rspack plugin: one error per offending import, naming the file, line and component. */
export class SharedImportsGuardPlugin {
  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      compilation.hooks.finishModules.tap(NAME, (modules) => {
        const seen = new Set();
        for (const module of modules) {
          const deps = [...module.dependencies, ...module.blocks.flatMap((block) => block.dependencies)];
          for (const dep of deps)
            for (const problem of problemsOf(dep)) {
              const message = `${where(module, dep, compiler.context)}: ${problem}`;
              if (seen.has(message)) continue;
              seen.add(message);
              compilation.errors.push(new WebpackError(`[shared subsets] ${message}`));
            }
        }
      });
    });
  }
}
