/** What the rest of the server may use of the content images (docs/decisions/0005). */
export { type PreparedImage, prepareImage } from './image-processing';
export { imagesRepository, type ImageTable } from './images-repository';
