import type { DrawExample } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { paintExamplePictures, watchExamplePictures } from './example-pictures.ts';
import { DrawGallery } from './gallery.ts';
import { DrawImages } from './images.ts';
import { DrawKit, type DrawProviders } from './kit.ts';
import { MjTasks } from './mj-tasks.ts';

export { COSTS, imageView, type DrawProviders } from './kit.ts';
export { actionOf, MJ_BUTTONS, mjButtonOf } from './mj-buttons.ts';

/**
 * Drawing, as the routes and the app see it: images (basic, DALL·E, smart; images.ts), Midjourney
 * tasks (mj-tasks.ts, run as jobs by mj-jobs.ts), the owner's history and the public gallery
 * (gallery.ts), over what they share (kit.ts).
 */
export class DrawService {
  private kit: DrawKit;
  private drawing: DrawImages;
  private tasks: MjTasks;
  private gallery: DrawGallery;

  constructor(
    private ctx: AppContext,
    models: Models,
    engine: TurnEngine,
    providers: DrawProviders = {},
  ) {
    this.kit = new DrawKit(ctx, providers);
    this.drawing = new DrawImages(this.kit, models, engine);
    this.tasks = new MjTasks(this.kit, engine.jobs);
    this.gallery = new DrawGallery(this.kit);
  }

  get images() {
    return this.kit.images;
  }

  get mj() {
    return this.kit.mj;
  }

  /** The types and examples the admin edits (cached; shared with the console). */
  get content() {
    return this.kit.content;
  }

  get costs() {
    return this.kit.costs;
  }

  async examples(): Promise<{ list: DrawExample[] }> {
    return { list: await this.kit.content.examples() };
  }

  /** Pictures for the examples that have none, by the offline painter (run once the server listens). */
  paintExamples() {
    return paintExamplePictures(this.ctx, this.kit.content);
  }

  /** paintExamples now and after every change of the examples (run once the server listens); returns the unsubscribe. */
  watchExamples(onError: (err: unknown) => void) {
    return watchExamplePictures(this.ctx, this.kit.content, onError);
  }

  // Images.
  imageTypes: DrawImages['imageTypes'] = () => this.drawing.imageTypes();
  basic: DrawImages['basic'] = (user, body) => this.drawing.basic(user, body);
  dalle3: DrawImages['dalle3'] = (user, body) => this.drawing.dalle3(user, body);
  rewrite: DrawImages['rewrite'] = (user, text) => this.drawing.rewrite(user, text);

  // The owner's drawings and the gallery.
  histories: DrawGallery['histories'] = (user, q) => this.gallery.histories(user, q);
  publish: DrawGallery['publish'] = (user, id, pub) => this.gallery.publish(user, id, pub);
  remove: DrawGallery['remove'] = (user, id) => this.gallery.remove(user, id);
  market: DrawGallery['market'] = (q) => this.gallery.market(q);

  // Midjourney tasks.
  submit: MjTasks['submit'] = (user, body) => this.tasks.submit(user, body);
  blend: MjTasks['blend'] = (user, body) => this.tasks.blend(user, body);
  describe: MjTasks['describe'] = (user, body) => this.tasks.describe(user, body);
  action: MjTasks['action'] = (user, body) => this.tasks.action(user, body);
  task: MjTasks['task'] = (user, id) => this.tasks.task(user, id);
  stream: MjTasks['stream'] = (user, id, reply) => this.tasks.stream(user, id, reply);
  list: MjTasks['list'] = (user, q) => this.tasks.list(user, q);
  notify: MjTasks['notify'] = (query) => this.tasks.notify(query);
}
