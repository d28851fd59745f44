import { readFileSync } from 'node:fs';
import type { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces in the source's terms. A Lambda runs one minified bundle with its source map
 * beside it (index.js.map), which Node is not asked to load at start (see `lambdaEsbuildOptions`):
 * the map is read here, once per container, only when an error's stack is logged. Where no map
 * lies beside a file (the local stack runs the TypeScript modules themselves) a frame stays as it is.
 */
const maps = new Map<string, SourceMap | undefined>();

function sourceMapBeside(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      // node:module is loaded only now: at start it would cost every cold start 2-3 ms.
      const { SourceMap } = process.getBuiltinModule('node:module');
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

// '    at name (file:///var/task/index.mjs:1:2345)' or '    at file:///var/task/index.mjs:1:2345'
const FRAME = /^(\s*at )(?:(.+?) \()?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/;

type Frame = { indent: string; name?: string; file: string; line: number; column: number };

function parseFrame(text: string | undefined): Frame | undefined {
  const match = text === undefined ? null : FRAME.exec(text);
  if (!match) return undefined;
  const [, indent, name, location, line, column] = match;
  const file = location.startsWith('file://') ? fileURLToPath(location) : location;
  return { indent, name, file, line: Number(line), column: Number(column) };
}

/** A stack whose frames in a bundle name the source file, line, column and function instead. */
export function originalStack(stack: string): string {
  const lines = stack.split('\n');
  return lines
    .map((text, index) => {
      const frame = parseFrame(text);
      const map = frame && sourceMapBeside(frame.file);
      if (!frame || !map) return text;
      const origin = map.findOrigin(frame.line, frame.column);
      if (!('fileName' in origin)) return text;
      // As Node does with --enable-source-maps: a function's own name is the one its caller
      // called it by, at the caller's position in the next frame.
      const caller = parseFrame(lines[index + 1]);
      const calledAs: { name?: string } = caller?.file === frame.file ? map.findOrigin(caller.line, caller.column) : {};
      const name = calledAs.name || frame.name;
      // Sources are named from the bundle's build directory: '../../functions/lib/http.ts'.
      const position = `${origin.fileName.replace(/^(\.\.\/)+/, '')}:${origin.lineNumber}:${origin.columnNumber}`;
      return `${frame.indent}${name ? `${name} (${position})` : position}`;
    })
    .join('\n');
}

/** The same error with its stack, and its cause's, in the source's terms. */
export function withOriginalStack(error: Error): Error {
  const mapped = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as Error;
  // V8 keeps an error's stack behind an accessor of that very object: give the copy its own value.
  const stack = typeof error.stack === 'string' ? originalStack(error.stack) : error.stack;
  Object.defineProperty(mapped, 'stack', { value: stack, writable: true, configurable: true });
  if (error.cause instanceof Error) mapped.cause = withOriginalStack(error.cause);
  return mapped;
}
