// The folder rules of docs/architecture.md as ESLint rules, so the build fails when a room's walls are crossed.
// Resolves relative imports itself (extensionless, `.js` standing for `.ts`, index files): no resolver plugin needed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file a relative specifier names, or undefined for packages and unresolved paths. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${base}${sep}index${ext}`)];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Repository-relative path with forward slashes. */
const repoPath = (root, file) => relative(root, file).split(sep).join('/');

const REACT_AND_DATA = ['react', 'react-dom', '@tanstack/react-query', 'zustand', 'monaco-editor', 'monaco-yaml'];
const TOP = ['src', 'server', 'demo-cluster'];

/** Why `from` may not import `to` (repository paths; `to` may be a package name), or undefined when it may. */
export function boundaryViolation(from, to, isPackage) {
  const top = (path) => path.split('/')[0];
  if (isPackage) {
    const pkg = to.startsWith('@') ? to.split('/').slice(0, 2).join('/') : to.split('/')[0];
    if (from.startsWith('src/k8s/') && REACT_AND_DATA.includes(pkg)) {
      return `src/k8s is the protocol core: it never imports ${pkg} (React, the data layer and the UI stay outside)`;
    }
    return undefined;
  }
  if (top(from) === 'wire' && TOP.includes(top(to))) return `wire/ is what src/, server/ and demo-cluster/ share: it imports none of them`;
  if (TOP.includes(top(from)) && TOP.includes(top(to)) && top(from) !== top(to)) {
    return `${top(from)}/ never imports ${top(to)}/: what they share lives in wire/ (bin/run.js wires them together)`;
  }
  if (from.startsWith('src/k8s/') && /^src\/(data|writes|features|app|stores|components)\//.test(to)) {
    return `src/k8s is the protocol core: it never imports ${to.split('/').slice(0, 2).join('/')}`;
  }
  const feature = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
  if (feature(from) && feature(to) && feature(from) !== feature(to)) {
    return `features never import each other: ${feature(from)} imports ${feature(to)} (move the shared piece to src/writes, src/k8s, src/data or src/components)`;
  }
  if (/^src\/(data|stores|components)\//.test(from) && /^src\/(writes|features|app)\//.test(to)) {
    return `${from.split('/').slice(0, 2).join('/')} sits below the screens: it never imports ${to.split('/').slice(0, 2).join('/')}`;
  }
  if (from.startsWith('src/writes/') && /^src\/(features|app)\//.test(to)) {
    return `src/writes is what the write screens share: it never imports ${to.split('/').slice(0, 2).join('/')}`;
  }
  return undefined;
}

/**
 * Static imports of a file, type-only ones included: a cycle of types still ties the modules' design together, even
 * though it cannot break loading. A dynamic import() is a deliberate split and is not counted.
 */
function staticImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || (ts.isExportDeclaration(statement) && statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
}

// Edges of every file read so far, kept while the file's mtime holds (editors keep ESLint running).
const edgeCache = new Map();

function staticEdges(file) {
  const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
  const cached = edgeCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.edges;
  const text = mtimeMs < 0 ? '' : readFileSync(file, 'utf8');
  const edges = staticImports(file, text).map((s) => resolveImport(file, s)).filter((f) => f && /\.(tsx?|m?js)$/.test(f));
  edgeCache.set(file, { mtimeMs, edges });
  return edges;
}

/** A path start -> ... -> start through static imports (the start's own hops from its linted text), or undefined. */
function cycleThrough(start, firstHop) {
  const seen = new Set();
  const stack = [[firstHop, [start, firstHop]]];
  while (stack.length) {
    const [file, path] = stack.pop();
    if (file === start) return path;
    if (seen.has(file) || file.includes(`${sep}node_modules${sep}`)) continue;
    seen.add(file);
    for (const next of staticEdges(file)) stack.push([next, [...path, next]]);
  }
  return undefined;
}

const importSources = (node) => node.source && typeof node.source.value === 'string' ? node.source : undefined;

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Rooms of docs/architecture.md: src/server/demo-cluster apart, features apart, a React-free src/k8s' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = repoPath(root, file);
    const check = (node, specifier) => {
      const target = resolveImport(file, specifier);
      const why = target ? boundaryViolation(from, repoPath(root, target), false) : specifier.startsWith('.') ? undefined : boundaryViolation(from, specifier, true);
      if (why) context.report({ node, message: why });
    };
    const onSource = (node) => {
      const source = importSources(node);
      if (source) check(source, source.value);
    };
    return {
      ImportDeclaration: onSource,
      ExportNamedDeclaration: onSource,
      ExportAllDeclaration: onSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node.source, node.source.value);
      },
    };
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles through static imports, type-only ones included' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const ownHops = [];
    const onSource = (node) => {
      const source = importSources(node);
      if (!source) return;
      const target = resolveImport(file, source.value);
      if (target) ownHops.push([source, target]);
    };
    return {
      ImportDeclaration: onSource,
      ExportNamedDeclaration: onSource,
      ExportAllDeclaration: onSource,
      'Program:exit'() {
        for (const [node, target] of ownHops) {
          const path = cycleThrough(file, target);
          if (path) context.report({ node, message: `import cycle: ${path.map((f) => repoPath(root, f)).join(' -> ')}` });
        }
      },
    };
  },
};

export default { meta: { name: 'kubeglass-house-rules' }, rules: { boundaries, 'no-cycle': noCycle } };
