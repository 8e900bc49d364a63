import { describe, expect, it } from 'vitest';
import { downloadImage, hostsOf } from './files.ts';

describe('downloadImage goes through the SSRF-safe fetch', () => {
  it('refuses an image URL on a private address or another scheme', async () => {
    await expect(downloadImage('http://169.254.169.254/latest/meta-data/')).rejects.toThrow('绘画服务返回的图片地址不可访问');
    await expect(downloadImage('http://[::ffff:127.0.0.1]:9/x.png')).rejects.toThrow('绘画服务返回的图片地址不可访问');
    await expect(downloadImage('file:///etc/passwd')).rejects.toThrow('绘画服务返回的图片地址无效');
  });

  it('names the configured services as allowed hosts', () => {
    expect(hostsOf('http://127.0.0.1:8080/v1', undefined, 'https://mj.example.com', 'nonsense')).toEqual(['127.0.0.1:8080', 'mj.example.com']);
  });
});
