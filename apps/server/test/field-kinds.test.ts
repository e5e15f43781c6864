import { defineResource } from '@tongxin/resources';
import { describe, expect, it } from 'vitest';
import { validateBody } from '../src/engine/crud/validate.js';
import { ApiError } from '../src/http/envelope.js';

// Rich text is stored sanitised (every client may render it as HTML); a region is the cascader's path.
const def = defineResource({
  name: 'kinds',
  label: { zh: '字段', en: 'Kinds' },
  path: '/api/kinds',
  table: 'kinds',
  permission: 'kinds',
  tenant: false,
  audit: false,
  softDelete: false,
  fields: [
    { name: 'content', kind: 'richtext', label: { zh: '内容', en: 'Content' }, maxLength: 2000 },
    { name: 'region', kind: 'region', label: { zh: '所在地区', en: 'Region' } },
  ],
});

const content = (html: string) => validateBody(def, { content: html }, true).content;

describe('rich text', () => {
  it('keeps basic formatting and links', () => {
    expect(content('<p><b>加粗</b> <i>斜体</i> <u>下划线</u></p><ul><li>一</li></ul>')).toBe(
      '<p><b>加粗</b> <i>斜体</i> <u>下划线</u></p><ul><li>一</li></ul>',
    );
    expect(content('<a href="https://example.cn/x" target="_blank">链接</a>')).toBe(
      '<a href="https://example.cn/x" target="_blank" rel="noopener noreferrer">链接</a>',
    );
  });

  it('drops scripts, handlers, styles, frames and script URLs', () => {
    expect(content('<p onclick="steal()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(content('<img src="/files/a.png" onerror="alert(1)">')).toBe('<img src="/files/a.png" />');
    expect(content('<img src="//evil.cn/a.png">')).toBe('<img />');
    expect(content('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(content('<p style="background:url(javascript:x)">s</p><iframe src="https://e.cn"></iframe>')).toBe(
      '<p>s</p>',
    );
    expect(content('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>')).toBe('x');
    expect(content('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
  });

  it('keeps what the editor makes: tables with spans, alignment, headings, quotes, file-store images', () => {
    // the editor's own output: a sized table with a column group, a header row, cells holding paragraphs
    const table =
      '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>' +
      '<tbody><tr><th colspan="2"><p style="text-align: center;">头</p></th></tr>' +
      '<tr><td><p>格</p></td><td rowspan="1"><p><strong>粗</strong></p></td></tr></tbody></table>';
    expect(content(table)).toBe(
      '<table><tbody><tr><th colspan="2"><p style="text-align:center">头</p></th></tr>' +
        '<tr><td><p>格</p></td><td rowspan="1"><p><strong>粗</strong></p></td></tr></tbody></table>',
    );
    expect(content('<thead><tr><th>x</th></tr></thead>')).toBe('<thead><tr><th>x</th></tr></thead>');
    expect(
      content('<h2 style="text-align: right">标题</h2><blockquote><p>引</p></blockquote><p><s>删</s></p>'),
    ).toBe('<h2 style="text-align:right">标题</h2><blockquote><p>引</p></blockquote><p><s>删</s></p>');
    expect(content('<img src="/api/blade-resource/oss/endpoint/file/a.png" alt="图">')).toBe(
      '<img src="/api/blade-resource/oss/endpoint/file/a.png" alt="图" />',
    );
    expect(content('<img src="https://oss.example.cn/b/c.png">')).toBe(
      '<img src="https://oss.example.cn/b/c.png" />',
    );
  });

  it('drops handlers, scripts and other styles from tables, and bad spans', () => {
    expect(
      content(
        '<table onmouseover="x()" style="position:fixed"><tbody><tr>' +
          '<td colspan="0" rowspan="x" onclick="x()" style="text-align:center;background:url(javascript:x)">' +
          '<script>alert(1)</script><p style="text-align: expression(alert(1))">a</p></td>' +
          '<td colspan="999"><img src="data:image/png;base64,AAAA" onerror="alert(1)"></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><tbody><tr><td style="text-align:center"><p>a</p></td><td><img /></td></tr></tbody></table>',
    );
    expect(content('<p style="text-align:left;color:red">x</p><div style="text-align:center">y</div>')).toBe(
      '<p style="text-align:left">x</p><div>y</div>',
    );
  });
});

describe('region', () => {
  it('accepts a path of region codes, province first', () => {
    expect(validateBody(def, { region: '540000,540100,540102' }, true).region).toBe('540000,540100,540102');
  });

  it('refuses anything else with the field message', () => {
    for (const bad of ['54,', 'x', '540000;drop', '1,2,3,4,5,6'.replace(/\d/g, '11')]) {
      try {
        validateBody(def, { region: bad }, true);
        expect.unreachable(bad);
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).message).toBe('所在地区格式不正确');
      }
    }
  });
});
