import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configDocs, loadConfig, tileImageSource } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'tend-config-'));

describe('loadConfig', () => {
  it('runs the embedded default with no variables, generating and keeping a secret', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toBe(path.join(dataDir, 'db'));
    expect(config.storage).toEqual({ driver: 'local', rootDir: path.join(dataDir, 'storage') });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it('lists every bad variable at once, naming each', () => {
    try {
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        STORAGE_DRIVER: 's3',
        AGENCY_TIME_ZONE: 'Mars/Base',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'AGENCY_TIME_ZONE',
      ])
        expect(problems).toContain(name);
    }
  });

  it('uses PostgreSQL and S3 when configured', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://u@h/db',
      STORAGE_DRIVER: 's3',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(config.database).toMatchObject({ url: 'postgres://u@h/db', dataDir: undefined });
    expect(config.storage.driver).toBe('s3');
    expect(config.authSecret).toBe('x'.repeat(32));
  });
});

describe('DEFAULT_PHONE_COUNTRY', () => {
  it('defaults to US, takes a country code in any case, and names the variable when it is not one', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).defaultPhoneCountry).toBe('US');
    expect(loadConfig({ DATA_DIR: tmp(), DEFAULT_PHONE_COUNTRY: ' gb ' }).defaultPhoneCountry).toBe('GB');
    for (const value of ['XX', 'USA', '']) {
      try {
        loadConfig({ DATA_DIR: tmp(), DEFAULT_PHONE_COUNTRY: value });
        expect.unreachable(value);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems.join('\n')).toContain('DEFAULT_PHONE_COUNTRY');
      }
    }
  });
});

describe('README configuration table', () => {
  it('documents exactly the variables the schema reads, with the same words', () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const table = readme.split('<!-- config-table:start -->')[1]?.split('<!-- config-table:end -->')[0] ?? '';
    // Prettier pads the cells: trim them.
    const rows = [...table.matchAll(/^\| `([A-Z0-9_]+)` +\| (.*?) +\|$/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(configDocs);
  });
});

describe('map tiles', () => {
  it('defaults to no tile server (the bundled outlines) and takes a configured one', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).map).toEqual({ tileUrl: null, attribution: '' });
    expect(loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: '' }).map?.tileUrl).toBeNull();
    const config = loadConfig({
      DATA_DIR: tmp(),
      MAP_TILE_URL: 'http://tiles.example.org:8080/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Our own tiles',
    });
    expect(config.map).toEqual({
      tileUrl: 'http://tiles.example.org:8080/osm/{z}/{x}/{y}.png',
      attribution: 'Our own tiles',
    });
  });

  it('refuses a tile URL that is not an http(s) template, naming the variable', () => {
    for (const MAP_TILE_URL of [
      'ftp://tiles/{z}/{x}/{y}',
      'https://tiles.example.org/tile.png',
      'https://a.{s}.b/{z}/{x}/{y}',
    ])
      expect(() => loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL })).toThrow(/MAP_TILE_URL/);
  });

  it('gives the CSP image source of a template', () => {
    expect(tileImageSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileImageSource('http://Tiles.Example.org:8080/{z}/{x}/{y}.png')).toBe(
      'http://tiles.example.org:8080',
    );
    expect(tileImageSource('javascript:alert(1)')).toBeNull();
  });
});

describe('Google sign-in', () => {
  it('takes both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).google).toBeNull();
    expect(
      loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'secret' }).google,
    ).toEqual({ clientId: 'id.apps', clientSecret: 'secret' });
    expect(() => loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'id.apps' })).toThrow(
      'GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(
      'GOOGLE_CLIENT_ID: is required with GOOGLE_CLIENT_SECRET',
    );
  });
});
