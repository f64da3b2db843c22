import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import { configurePublishedCache, publishedCache } from './published-cache.ts';

/** A stand-in database handle: the cache only uses it as a key. */
const someDb = () => ({}) as Db;

describe('published-content cache', () => {
  it('answers from memory within its interval, then reads again', async () => {
    let now = 1_000;
    const db = someDb();
    configurePublishedCache(db, 10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await publishedCache(db).read('page:home', load)).toBe(1);
    now += 9_999;
    expect(await publishedCache(db).read('page:home', load)).toBe(1);
    now += 1;
    expect(await publishedCache(db).read('page:home', load)).toBe(2);
  });

  it('shares one load among concurrent readers, and keeps keys apart', async () => {
    const db = someDb();
    configurePublishedCache(db, 10);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate;
      return 'home';
    };
    const reads = [1, 2, 3].map(() => publishedCache(db).read('page:home', load));
    const other = publishedCache(db).read('page:about', async () => 'about');
    release();
    expect(await Promise.all(reads)).toEqual(['home', 'home', 'home']);
    expect(await other).toBe('about');
    expect(loads).toBe(1);
  });

  it('never keeps a failed read, so a page published a moment later is found', async () => {
    const db = someDb();
    configurePublishedCache(db, 10);
    await expect(publishedCache(db).read('page:new', () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await publishedCache(db).read('page:new', async () => 'found')).toBe('found');
  });

  it('is emptied by clear(), and is off at 0 seconds or for a database never configured', async () => {
    const db = someDb();
    configurePublishedCache(db, 10);
    await publishedCache(db).read('site', async () => 'old');
    publishedCache(db).clear();
    expect(await publishedCache(db).read('site', async () => 'new')).toBe('new');

    const off = someDb();
    configurePublishedCache(off, 0);
    await publishedCache(off).read('site', async () => 'a');
    expect(await publishedCache(off).read('site', async () => 'b')).toBe('b');
    const never = someDb();
    await publishedCache(never).read('site', async () => 'a');
    expect(await publishedCache(never).read('site', async () => 'b')).toBe('b');
  });

  it('holds a bounded number of keys, whatever visitors ask for', async () => {
    const db = someDb();
    configurePublishedCache(db, 60);
    let loads = 0;
    const load = async () => ++loads;
    await publishedCache(db).read('head:/first', load);
    for (let i = 0; i < 2_000; i++) await publishedCache(db).read(`head:/junk-${i}`, load);
    // The first key was the oldest and has gone: reading it loads again.
    const before = loads;
    await publishedCache(db).read('head:/first', load);
    expect(loads).toBe(before + 1);
  });
});
