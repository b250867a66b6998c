import { describe, expect, it } from 'vitest';
import { loadedMessages, loadMessageParts, loadMessages, subscribeMessages } from './load';

/** The build's chunks (tools/i18n/vite-plugin.ts, also in vitest): a language, then a part's texts with its route. */
describe('messages by language and part', () => {
  it('loads the first screen first, a part when asked, and every part asked for with a language loaded later', async () => {
    const en = await loadMessages('en');
    expect(en.messages).toHaveProperty(['header.logout']);
    expect(en.messages).not.toHaveProperty(['customer-add.title']);
    expect(en.footer.en).toBeDefined();

    let heard = 0;
    const stop = subscribeMessages(() => heard++);
    await loadMessageParts(['customerAdd']);
    stop();
    expect(heard).toBeGreaterThan(0);
    const withPart = loadedMessages('en');
    expect(withPart).not.toBe(en);
    expect(withPart?.messages).toHaveProperty(['customer-add.title']);
    expect(withPart?.messages).toHaveProperty(['header.logout']);

    // a language switched to afterwards brings the part along: no key shows after the switch
    const lv = await loadMessages('lv');
    expect(lv.language).toBe('lv');
    expect(lv.messages).toHaveProperty(['customer-add.title']);
    expect(lv.messages).not.toHaveProperty(['customer-search.title']);
  });
});
