// Types for reconcile-guard.js so TypeScript tests and configs can import it.
import type { ESLint, Linter, Rule } from 'eslint';

declare const plugin: ESLint.Plugin & {
  rules: { 'no-raw-update': Rule.RuleModule };
  configs: { recommended: Linter.Config };
};
export default plugin;
