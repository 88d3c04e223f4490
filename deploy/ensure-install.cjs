// Installs the workspace's dependencies when node_modules is missing or older than the lock file.
// Runs on whatever Node starts npm (possibly an older system Node): plain CommonJS, no dependencies.
'use strict';
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const lock = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.labline-install-stamp');

function lockDigest() {
  const crypto = require('node:crypto');
  const files = [lock, path.join(root, 'package.json')];
  const hash = crypto.createHash('sha256');
  for (const file of files) if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  return hash.digest('hex');
}

const began = Date.now();
const wanted = lockDigest();
let installed = false;
const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
if (current !== wanted || !fs.existsSync(path.join(root, 'node_modules', '.bin', 'node'))) {
  const command = fs.existsSync(lock)
    ? 'npm ci --no-audit --no-fund --loglevel=error'
    : 'npm install --no-audit --no-fund --loglevel=error';
  console.log(`[labline] installing dependencies (${command})...`);
  execSync(command, { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'node'))) {
    // npm 11 skips dependency install scripts not listed in package.json "allowScripts"; the `node` package's
    // preinstall is what puts Node 24 into node_modules/.bin.
    console.error('[labline] node_modules/.bin/node is missing after install: the pinned Node.js 24 did not install.');
    console.error('[labline] Check that package.json "allowScripts" still lists "node".');
    process.exit(1);
  }
  fs.writeFileSync(stamp, lockDigest());
  installed = true;
}
// How long this check (and the install, when it ran) took, for the timings table of `npm test`.
fs.mkdirSync(path.join(root, '.labline'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.labline', 'install-check.json'),
  JSON.stringify({ ms: Date.now() - began, installed, at: Date.now() }) + '\n',
);
