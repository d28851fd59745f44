import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LAMBDA_NODE_MAJOR } from '../infra/resources';

/** True when this process runs on Lambda's Node major version. */
export const runsOnLambdaNode = () => Number(process.versions.node.split('.')[0]) === LAMBDA_NODE_MAJOR;

/**
 * The npm package with this platform's Node.js binary, one of the optionalDependencies that
 * `npm ci` chooses from by operating system and processor.
 */
function binaryPackage(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  // Apple silicon's builds are published under another prefix.
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

/**
 * The Node.js that runs the handlers locally: Lambda's major version (LAMBDA_NODE_MAJOR). `npm ci`
 * installs it from the npm registry, and npm scripts find it first on their PATH
 * (node_modules/.bin/node), so `npm start`, `npm test` and `npm run bench` run on it. This process's
 * own Node when it is that version already; otherwise the installed binary.
 */
export function lambdaNode(): string {
  if (runsOnLambdaNode()) return process.execPath;
  const manifest = (() => {
    try {
      return createRequire(import.meta.url).resolve(`${binaryPackage()}/package.json`);
    } catch {
      throw new Error(nodeVersionHelp());
    }
  })();
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

/** What to do when the local stack is not running on Lambda's Node. */
export function nodeVersionHelp(): string {
  return (
    `The handlers run on Node ${LAMBDA_NODE_MAJOR} in Lambda and locally, and this is Node ${process.versions.node}. ` +
    `Start with \`npm start\` after \`npm ci\` (which installs Node ${LAMBDA_NODE_MAJOR} for this project), ` +
    `or install Node ${LAMBDA_NODE_MAJOR} (https://nodejs.org) where no package exists for this machine.`
  );
}
