import { describe, expect, it } from 'vitest';
import { cdata, readFlatXml, writeFlatXml } from './xml.ts';

describe('readFlatXml', () => {
  it('reads CDATA and plain text children', () => {
    const fields = readFlatXml(
      '<?xml version="1.0"?>\n<xml>\n  <ToUserName><![CDATA[gh_1]]></ToUserName>\n  <CreateTime>1700000000</CreateTime>\n</xml>\n',
    );
    expect(fields).toEqual(new Map([['ToUserName', 'gh_1'], ['CreateTime', '1700000000']]));
  });

  it('decodes only the five predefined entities, and none inside CDATA', () => {
    const fields = readFlatXml('<xml><A>&lt;b&gt; &amp; &quot;&apos; &#65; &nbsp;</A><B><![CDATA[&lt;]]></B></xml>');
    expect(fields?.get('A')).toBe(`<b> & "' &#65; &nbsp;`);
    expect(fields?.get('B')).toBe('&lt;');
  });

  it('joins split CDATA sections and keeps the first of repeated names', () => {
    const fields = readFlatXml('<xml><C><![CDATA[a]]]]><![CDATA[>b]]></C><C>second</C><E/></xml>');
    expect(fields?.get('C')).toBe('a]]>b');
    expect(fields?.get('E')).toBe('');
  });

  it('skips children that contain elements', () => {
    const fields = readFlatXml('<xml><Info><Type><![CDATA[qr]]></Type></Info><Event>SCAN</Event></xml>');
    expect(fields).toEqual(new Map([['Event', 'SCAN']]));
  });

  it('returns null for junk instead of throwing', () => {
    const junk = [
      '',
      'hello',
      '{"MsgType":"event"}',
      '<xml>',
      '<xml><A>1</B></xml>',
      '<xml><A><![CDATA[unterminated</A></xml>',
      '<root><A>1</A></root>',
      '<xml><A>1</A></xml><xml/>',
      '<!DOCTYPE xml [<!ENTITY x "boom">]><xml><A>&x;</A></xml>',
      '<xml>' + '<a>'.repeat(10_000) + '</xml>',
      '<xml><A>' + 'x'.repeat(100_000) + '</A></xml>',
      null as unknown as string,
    ];
    for (const input of junk) expect(readFlatXml(input)).toBeNull();
  });
});

describe('writing', () => {
  it('wraps strings in CDATA and numbers as text', () => {
    expect(writeFlatXml([['A', 'x<y'], ['N', 12.7]])).toBe('<xml><A><![CDATA[x<y]]></A><N>12</N></xml>');
  });

  it('cannot be broken out of with ]]>', () => {
    const hostile = 'a]]></Content><MsgType>evil</MsgType>';
    const xml = writeFlatXml([['Content', hostile]]);
    expect(cdata(']]>')).toBe('<![CDATA[]]]]><![CDATA[>]]>');
    expect(readFlatXml(xml)).toEqual(new Map([['Content', hostile]]));
  });

  it('refuses bad element names', () => {
    expect(() => writeFlatXml([['a b', 'x']])).toThrow();
  });
});
