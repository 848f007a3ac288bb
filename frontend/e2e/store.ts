import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A second store of its own, for a test that needs other settings than the shared one. */
export interface Store {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited before it was ready:\n${log()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the store was not ready after 60 s:\n${log()}`);
}

/**
 * Starts `keyshop serve --demo` (the binary `.ci/with-keyshop` runs, E2E_KEYSHOP_BIN) on a
 * free port with a throw-away data directory and the extra settings in `env`.
 */
export async function startStore(env: Record<string, string>): Promise<Store> {
  const binary = process.env.E2E_KEYSHOP_BIN;
  if (!binary)
    throw new Error('E2E_KEYSHOP_BIN is not set: run the browser tests through .ci/with-keyshop');
  const dataDir = mkdtempSync(join(tmpdir(), 'keyshop-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('KEYSHOP_')),
  );
  const child = spawn(binary, ['serve', '--demo'], {
    env: {
      ...inherited,
      KEYSHOP_DATA_DIR: dataDir,
      KEYSHOP_HTTP_ADDR: `127.0.0.1:${port}`,
      KEYSHOP_SPA_DIR: resolve('dist'),
      KEYSHOP_CAPTCHA_TEST_CODE: process.env.KEYSHOP_CAPTCHA_TEST_CODE ?? '',
      KEYSHOP_ALLOW_TEST_CAPTCHA: process.env.KEYSHOP_ALLOW_TEST_CAPTCHA ?? '',
      // The raised guest limits of `make e2e` (many guest orders from one address).
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name.startsWith('KEYSHOP_GUEST_')),
      ),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ready(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
