import { describe, expect, it } from 'vitest';
import { addSessionId, detectBrowser, detectDevice, utmValues } from './analytics';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('detectDevice', () => {
  it('recognises tablets before phones', () => {
    expect(detectDevice(UA.ipad, 1024)).toBe('tablet');
    expect(detectDevice(UA.androidTablet, 1200)).toBe('tablet');
  });

  it('recognises phones by user agent', () => {
    expect(detectDevice(UA.iphone, 390)).toBe('mobile');
    expect(detectDevice(UA.androidPhone, 412)).toBe('mobile');
  });

  it('treats a narrow desktop window as mobile, a wide one as desktop', () => {
    expect(detectDevice(UA.chrome, 500)).toBe('mobile');
    expect(detectDevice(UA.chrome, 1280)).toBe('desktop');
  });
});

describe('detectBrowser', () => {
  it.each([
    ['chrome', 'Chrome'],
    ['edge', 'Edge'],
    ['opera', 'Opera'],
    ['firefox', 'Firefox'],
    ['safari', 'Safari'],
    ['iphone', 'Safari'],
    ['androidPhone', 'Chrome'],
    ['curl', 'Unknown'],
  ] as const)('%s is %s', (name, browser) => {
    expect(detectBrowser(UA[name])).toBe(browser);
  });
});

describe('utmValues', () => {
  it('reads the five utm parameters', () => {
    expect(
      utmValues('?utm_source=x&utm_medium=email&utm_campaign=spring&utm_term=funded&utm_content=banner&q=1'),
    ).toEqual({
      utmSource: 'x',
      utmMedium: 'email',
      utmCampaign: 'spring',
      utmTerm: 'funded',
      utmContent: 'banner',
    });
  });

  it('leaves missing or empty parameters undefined', () => {
    expect(utmValues('?utm_source=&utm_medium=cpc')).toEqual({
      utmSource: undefined,
      utmMedium: 'cpc',
      utmCampaign: undefined,
      utmTerm: undefined,
      utmContent: undefined,
    });
    expect(utmValues('')).toEqual({
      utmSource: undefined,
      utmMedium: undefined,
      utmCampaign: undefined,
      utmTerm: undefined,
      utmContent: undefined,
    });
  });

  it('cuts values to 200 characters, the server limit', () => {
    expect(utmValues(`?utm_source=${'a'.repeat(300)}`).utmSource).toHaveLength(200);
  });
});

describe('addSessionId', () => {
  it('adds the session id to an outbound path, keeping its own query', () => {
    expect(addSessionId('/outbound/acme', 'abcd-1234-efgh')).toBe('/outbound/acme?sid=abcd-1234-efgh');
    expect(addSessionId('/outbound/coupon/7?sid=old', 'new-session-id')).toBe(
      '/outbound/coupon/7?sid=new-session-id',
    );
  });

  it('removes any session id without consent', () => {
    expect(addSessionId('/outbound/acme?sid=abcd-1234-efgh', null)).toBe('/outbound/acme');
    expect(addSessionId('/outbound/acme', null)).toBe('/outbound/acme');
  });
});
