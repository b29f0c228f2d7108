// Lets Node run the workspace's TypeScript sources directly (Node >= 22.18 strips types itself).
// Workspace packages (`@svc/...`) resolve through their `source` export condition, and relative
// `.js` specifiers, written that way because compiled output needs them, fall back to the `.ts`
// file beside them. Nothing else is touched: third-party packages resolve as usual.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const ctx = specifier.startsWith('@svc/')
      ? { ...context, conditions: [...context.conditions, 'source'] }
      : context;
    try {
      return nextResolve(specifier, ctx);
    } catch (error) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !relative || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, ctx);
    }
  },
});
