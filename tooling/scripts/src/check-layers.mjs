/**
 * The layer check: fails when a workspace package depends on (declares, or imports in
 * its sources) a workspace package the architecture does not allow, or imports one it
 * does not declare, or deep-imports another package's internals. Pure over its input
 * (`checkLayers`) so its own tests can feed it a broken workspace.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APP_ALLOWED, LAYER_RULES, UNRESTRICTED } from './layer-rules.mjs';

const IMPORT_PATTERN = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

/** Workspace package names that an import specifier refers to, or null for others. */
export function workspacePackageOf(specifier, workspaceNames) {
  for (const name of workspaceNames) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return name;
  }
  return null;
}

/** Import specifiers in a source text (static, dynamic and re-exports). */
export function importSpecifiers(sourceText) {
  const specifiers = [];
  for (const match of sourceText.matchAll(IMPORT_PATTERN)) specifiers.push(match[1] ?? match[2] ?? match[3]);
  return specifiers;
}

/**
 * @param {{ packages: { name: string, kind: 'package'|'app'|'tooling', dependencies: string[], files: { path: string, text: string }[] }[] }} workspace
 * @returns {string[]} one message per violation, naming both packages
 */
export function checkLayers(workspace) {
  const names = workspace.packages.map((pkg) => pkg.name).sort((a, b) => b.length - a.length);
  const problems = [];
  for (const pkg of workspace.packages) {
    if (UNRESTRICTED.includes(pkg.name)) continue;
    const allowed = pkg.kind === 'app' ? APP_ALLOWED : LAYER_RULES[pkg.name];
    if (allowed === undefined) {
      problems.push(`${pkg.name}: not in the layer table (tooling/scripts/src/layer-rules.mjs); add it there first.`);
      continue;
    }
    for (const dependency of pkg.dependencies) {
      if (!names.includes(dependency)) continue;
      if (!allowed.includes(dependency)) {
        problems.push(`${pkg.name} must not depend on ${dependency} (declared in package.json): ${describeAllowed(pkg.name, allowed)}`);
      }
    }
    for (const file of pkg.files) {
      for (const specifier of importSpecifiers(file.text)) {
        const target = workspacePackageOf(specifier, names);
        if (target === null || target === pkg.name) continue;
        if (/\/src(\/|$)/.test(specifier.slice(target.length)) || /\/dist(\/|$)/.test(specifier.slice(target.length))) {
          problems.push(`${pkg.name} deep-imports ${specifier} in ${file.path}: import from ${target} itself.`);
        }
        if (!allowed.includes(target)) {
          problems.push(`${pkg.name} must not import ${target} (in ${file.path}): ${describeAllowed(pkg.name, allowed)}`);
        } else if (!pkg.dependencies.includes(target)) {
          problems.push(`${pkg.name} imports ${target} in ${file.path} but does not declare it in package.json.`);
        }
      }
    }
  }
  return problems;
}

function describeAllowed(name, allowed) {
  return allowed.length === 0 ? `${name} may depend on no workspace package.` : `${name} may depend only on ${allowed.join(', ')}.`;
}

function listSourceFiles(folder) {
  if (!existsSync(folder)) return [];
  const files = [];
  for (const entry of readdirSync(folder)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) files.push(...listSourceFiles(path));
    else if (/\.(m?[jt]sx?|cts|mts)$/.test(entry)) files.push(path);
  }
  return files;
}

/** Reads the workspace at `root` into the shape `checkLayers` takes. */
export function readWorkspace(root) {
  const packages = [];
  /** @type {[string, 'package' | 'app' | 'tooling'][]} */
  const groups = [['packages', 'package'], ['apps', 'app'], ['tooling', 'tooling']];
  for (const [group, kind] of groups) {
    const groupFolder = join(root, group);
    if (!existsSync(groupFolder)) continue;
    for (const entry of readdirSync(groupFolder).sort()) {
      const manifestPath = join(groupFolder, entry, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies, ...manifest.devDependencies });
      const files = ['src', 'bin'].flatMap((sub) => listSourceFiles(join(groupFolder, entry, sub))).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
      packages.push({ name: manifest.name, kind, dependencies, files });
    }
  }
  return { packages };
}
