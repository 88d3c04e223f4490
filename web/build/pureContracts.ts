import MagicString from 'magic-string';
import { parseSync, type ESTree, type Plugin } from 'vite';

/** The contracts' sources, as the web build reads them (a workspace package, linked). */
const CONTRACTS_SOURCE = /[\\/]libs[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
const PURE = '/* @__PURE__ */ ';

type Node = ESTree.Node;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Marks every call and `new` in an initializer as pure, without entering functions (their bodies run later, when
 * called). A chain `z.string().min(1)` gets one mark, before its outermost call, which covers the chain; calls in
 * its arguments get their own.
 */
function markCalls(node: Node, code: MagicString, marked: Set<number>): void {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'ClassExpression')
    return;
  if ((node.type === 'CallExpression' || node.type === 'NewExpression') && !marked.has(node.start)) {
    marked.add(node.start);
    code.appendLeft(node.start, PURE);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) markCalls(item, code, marked);
    if (isNode(value)) markCalls(value, code, marked);
  }
}

/**
 * The contracts define their zod schemas at module level, beside the constants, texts and rules the pages use. The
 * web app reads only the schemas' types (ResponseOf); the services check their answers against the schemas before
 * sending them. A bundler cannot know that building a schema has no side effect, so it would keep every schema of
 * every contracts module a page touches, and zod with them (26 kB of gzip'd JavaScript on every signed-in page).
 * This marks the contracts' module-level initializers as pure for the web build only: what no page reads is
 * dropped, zod included.
 */
export function pureContracts(): Plugin {
  return {
    name: 'labline:pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(source, id) {
      if (!CONTRACTS_SOURCE.test(id)) return null;
      const { program, errors } = parseSync(id, source);
      if (errors.length > 0) return null;
      const code = new MagicString(source);
      const marked = new Set<number>();
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations)
          if (declarator.init) markCalls(declarator.init, code, marked);
      }
      return code.hasChanged() ? { code: code.toString(), map: code.generateMap({ hires: true }) } : null;
    },
  };
}
