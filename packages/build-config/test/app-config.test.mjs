// What the factory gives a remote for running on another origin than the shell's (issue 10 items 6, 8):
// CORS-mode chunks that time out after 15 s in production; in dev, a server any shell may load from
// (the deployed one included) whose live-reload socket is its own.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppConfig, REMOTE_CHUNK_TIMEOUT_MS } from '../index.mjs';

const dir = path.resolve(import.meta.dirname, '..', '..', '..', 'apps', 'party');
const party = (mode) =>
  createAppConfig({ name: 'party', dir, exposes: { './routes': './src/routes.ts' } })({}, { mode });
const shell = (mode) => createAppConfig({ name: 'shell', dir })({}, { mode });

afterEach(() => {
  delete process.env.DEV_PORT;
});

describe('remote config', () => {
  it("loads a production remote's chunks in CORS mode and fails a hanging one after 15 s", () => {
    const { output } = party('production');
    expect(REMOTE_CHUNK_TIMEOUT_MS).toBe(15_000);
    expect(output).toMatchObject({ crossOriginLoading: 'anonymous', chunkLoadTimeout: 15_000 });
    expect(shell('production').output.chunkLoadTimeout).toBeUndefined();
  });

  it('serves a dev remote to any origin, with its own live-reload socket', () => {
    const { devServer } = party('development');
    expect(devServer.headers).toMatchObject({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Private-Network': 'true',
    });
    expect(devServer).toMatchObject({ port: 4301, hot: false, liveReload: true });
    expect(devServer.client.webSocketURL).toEqual({
      protocol: 'ws',
      hostname: 'localhost',
      port: 4301,
      pathname: '/ws',
    });
    process.env.DEV_PORT = '18305';
    const moved = party('development').devServer;
    expect(moved.port).toBe(18305);
    expect(moved.client.webSocketURL.port).toBe(18305);
  });
});
