/** The page's title and its heading for screen readers keep every character of a table's label. */
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../host/src/web/page';

describe('the page title', () => {
  it('escapes a label with &, <, > and quotes instead of dropping them', () => {
    const html = pageHtml('dicetray · Tom & Jerry\'s "<Ecke>"');
    const shown = 'dicetray · Tom &amp; Jerry\'s &quot;&lt;Ecke&gt;&quot;';
    expect(html).toContain(`<title>${shown}</title>`);
    expect(html).toContain(`<h1 class="sr">${shown}</h1>`);
  });
});
