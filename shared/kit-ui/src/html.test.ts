import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it("escapes & < > \" and ' (text and quoted attributes, single or double)", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('escapes an ampersand once, before the entities it writes', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Happy birthday, Ann! 🎂 /wish/12?x=1')).toBe('Happy birthday, Ann! 🎂 /wish/12?x=1');
  });
});
