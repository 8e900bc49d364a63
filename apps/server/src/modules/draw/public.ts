// What other modules (the admin console) may use of drawing: the editable types and examples, and gallery moderation.
export { DrawContent, drawContentOf } from './content.ts';
export { galleryForModeration, setGalleryHidden } from './gallery-moderation.ts';
