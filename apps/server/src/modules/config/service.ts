import { and, asc, eq, notExists } from 'drizzle-orm';
import type { Feature, GlobalConfigReply, LoginWay, MenuItem, WebsiteInfoReply } from '@app/shared';
import { imageHosts } from '../../core/security-headers.ts';
import type { AppContext } from '../../core/context.ts';
import { masks, menus, modelKeys, models, notices, siteConfig } from '../../db/schema/index.ts';
import { voiceAbilities } from '../../providers/audio/openai-audio.ts';
import { PAY_PRIORITY } from '../../providers/pay/index.ts';
import { searchInfoOf } from '../../providers/search/index.ts';
import { SETTINGS_DEFAULTS, type SettingKey, type SiteSettings } from './defaults.ts';

export type { SiteSettings };
export { SETTINGS_DEFAULTS };

/** Published when settings, menu or notice change, so every instance drops its cached config. */
export const CONFIG_CHANGED = 'config:changed';

const CACHE_MS = 5000;

/**
 * The login ways the dialog offers: the site setting, without WeChat when this run has no WeChat
 * login (no account configured and demo mode off). SPEC §2.6: mobile = phone + account, wechat =
 * WeChat + account, other = account only.
 */
export function effectiveLoginWay(way: LoginWay, wechatAvailable: boolean): LoginWay {
  if (wechatAvailable) return way;
  return way === 'all' ? 'mobile' : way === 'wechat' ? 'other' : way;
}

/** Reads site settings, menus, models, masks and the notice; cached briefly so hot paths do no DB work. */
export class ConfigService {
  private cache: { at: number; settings: SiteSettings } | null = null;
  /** Whole replies of the calls every page load makes; one load in flight serves all callers. */
  private replies = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private ctx: AppContext) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.ctx.clock.now();
    const hit = this.replies.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    this.replies.set(key, { at: now, value });
    value.catch(() => this.replies.delete(key));
    return value;
  }

  /** Drops this instance's cached settings and replies (the next call reads the database). */
  drop() {
    this.cache = null;
    this.replies.clear();
  }

  /** After a change: drops the cache here and tells every other instance (ctx.kv publish) to drop theirs. */
  async invalidate() {
    this.drop();
    await this.ctx.kv.publish(CONFIG_CHANGED, String(this.ctx.clock.now()));
  }

  /** Drops the cache whenever any instance publishes a change; returns the unsubscribe. */
  listen() {
    return this.ctx.kv.subscribe(CONFIG_CHANGED, () => this.drop());
  }

  async settings(): Promise<SiteSettings> {
    const now = this.ctx.clock.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.settings;
    const rows = await this.ctx.db.select().from(siteConfig);
    const settings = { ...SETTINGS_DEFAULTS } as Record<string, unknown>;
    for (const r of rows) if (r.key in SETTINGS_DEFAULTS) settings[r.key] = (r.value as { v: unknown }).v;
    this.cache = { at: now, settings: settings as unknown as SiteSettings };
    return this.cache.settings;
  }

  async set<K extends SettingKey>(key: K, value: SiteSettings[K]) {
    await this.ctx.db
      .insert(siteConfig)
      .values({ key, value: { v: value } })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: { v: value }, updatedAt: new Date(this.ctx.clock.now()) } });
    this.cache = null;
    this.replies.clear();
  }

  async menu(): Promise<MenuItem[]> {
    const rows = await this.ctx.db.select().from(menus).where(eq(menus.enabled, true)).orderBy(asc(menus.sort), asc(menus.id));
    return rows.map((r) => ({ code: r.code, name: r.name, icon: r.icon, mobile: r.mobile }));
  }

  async features(): Promise<Feature[]> {
    const rows = await this.ctx.db.select().from(models).where(eq(models.enabled, true)).orderBy(asc(models.sort), asc(models.id));
    return rows.map((m) => ({
      code: m.code,
      label: m.label,
      input_ext: m.inputExt,
      vision: m.vision,
      reasoning: m.reasoning,
      takes_temperature: m.takesTemperature,
      pool: m.pool === 'model4' ? 'model4' : 'model3',
      cost: m.cost,
      description: m.description,
    }));
  }

  /** True when some enabled model has no key at all, so it answers with the offline demo. */
  async llmIsOffline(): Promise<boolean> {
    const rows = await this.ctx.db
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.enabled, true), notExists(this.ctx.db.select({ id: modelKeys.id }).from(modelKeys).where(eq(modelKeys.modelId, models.id)))))
      .limit(1);
    return rows.length > 0;
  }

  /** Which payments this run can take now: the sandbox (demo mode, nothing real configured) or the configured gateways' channels. */
  private pay() {
    const providers = this.ctx.pay;
    const real = PAY_PRIORITY.filter(({ name }) => providers[name]);
    const sandbox = this.ctx.config.demo && real.length === 0;
    const channels = new Set<string>(sandbox ? ['wxpay', 'alipay'] : real.flatMap(({ name }) => [...providers[name]!.channels]));
    return { sandbox, channels };
  }

  /** True when no real payment gateway is configured, so orders are paid on the local sandbox page. */
  payIsSandbox(): boolean {
    return this.pay().sandbox;
  }

  /** The site's pay_way (SPEC: 'wx' and/or 'ali') narrowed to what this run can take; '' when nothing can be paid. */
  payWayNow(setting: string): string {
    const { channels } = this.pay();
    const wanted = setting || 'ali,wx';
    return [wanted.includes('ali') && channels.has('alipay') ? 'ali' : null, wanted.includes('wx') && channels.has('wxpay') ? 'wx' : null]
      .filter(Boolean)
      .join(',');
  }

  globalConfig(): Promise<GlobalConfigReply> {
    return this.cached('global', () => this.loadGlobalConfig());
  }

  websiteInfo(): Promise<WebsiteInfoReply> {
    return this.cached('website', () => this.loadWebsiteInfo());
  }

  private async loadGlobalConfig(): Promise<GlobalConfigReply> {
    const [s, menu, maskRows, noticeRows] = await Promise.all([
      this.settings(),
      this.menu(),
      this.ctx.db.select().from(masks).orderBy(asc(masks.sort), asc(masks.id)),
      this.ctx.db.select().from(notices).where(eq(notices.enabled, true)).orderBy(asc(notices.id)),
    ]);
    const n = noticeRows.at(-1);
    const { loginWay: _lw, customerServiceQrcode: _cs, registerProtocolUrl: _ru, registerProtocolTitle: _rt, payWay: _pw, copyright: _c, ...fields } = s;
    return {
      list: { ...fields, clientMenuList: menu },
      masks: maskRows.map((m) => ({ id: m.id, name: m.name, children: m.children })),
      notice: n
        ? { has: true, id: n.id, title: n.title, content: n.content, noticeInfo: n.content }
        : { has: false, id: 0, title: '', content: '', noticeInfo: '' },
    };
  }

  private async loadWebsiteInfo(): Promise<WebsiteInfoReply> {
    const [s, features, llmOffline] = await Promise.all([this.settings(), this.features(), this.llmIsOffline()]);
    return {
      features,
      website: {
        customer_service_qrcode: s.customerServiceQrcode,
        config: { login_way: effectiveLoginWay(s.loginWay, this.ctx.wechat.name !== 'none') },
        protocols: { register: { url: s.registerProtocolUrl, title: s.registerProtocolTitle } },
        pay_way: this.payWayNow(s.payWay),
        copyright: s.copyright,
      },
      image_hosts: imageHosts(this.ctx.config),
      search: searchInfoOf(this.ctx.config.env),
      demo: {
        mode: this.ctx.config.demo,
        sms: this.ctx.sms.name === 'console',
        wechat: this.ctx.wechat.name === 'dev',
        llm: llmOffline,
        pay: this.payIsSandbox(),
      },
      voice: voiceAbilities(this.ctx.config.env),
    };
  }
}
