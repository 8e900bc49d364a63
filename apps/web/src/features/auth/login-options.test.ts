import { describe, expect, it } from 'vitest';
import { giftParts, methodsFor, registerGift } from './login-options.ts';

describe('methodsFor (login_way)', () => {
  it('offers the methods SPEC §2.6 lists, WeChat first when offered', () => {
    expect(methodsFor('all')).toEqual(['wechat', 'mobile', 'account']);
    expect(methodsFor('mobile')).toEqual(['mobile', 'account']);
    expect(methodsFor('wechat')).toEqual(['wechat', 'account']);
    expect(methodsFor('other')).toEqual(['account']);
    expect(methodsFor(undefined)).toEqual(['wechat', 'mobile', 'account']);
  });
});

describe('registerGift', () => {
  const config = {
    registerSendStatus: 1 as 0 | 1,
    registerSendModel3Count: 20,
    registerSendModel4Count: 5,
    registerSendDrawMjCount: 3,
    wechatRegisterStatus: 0 as 0 | 1,
    phoneRegisterStatus: 0 as 0 | 1,
    emailRegisterStatus: 0 as 0 | 1,
  };

  it('is announced when registerSendStatus is on and any register way is open', () => {
    for (const way of ['wechatRegisterStatus', 'phoneRegisterStatus', 'emailRegisterStatus'] as const)
      expect(registerGift({ ...config, [way]: 1 })).toEqual({ model3: 20, model4: 5, draw: 3 });
  });

  it('is not announced when the gift is off or no way is open', () => {
    expect(registerGift({ ...config, registerSendStatus: 0, phoneRegisterStatus: 1 })).toBeNull();
    expect(registerGift(config)).toBeNull();
    expect(registerGift(null)).toBeNull();
  });

  it('has nothing to announce when every count is zero', () => {
    expect(registerGift({ ...config, phoneRegisterStatus: 1, registerSendModel3Count: 0, registerSendModel4Count: 0, registerSendDrawMjCount: 0 })).toBeNull();
  });

  it('names only the parts that give something', () => {
    expect(giftParts({ model3: 10, model4: 0, draw: 2 })).toEqual([
      { kind: 'model3', count: 10 },
      { kind: 'draw', count: 2 },
    ]);
  });
});
