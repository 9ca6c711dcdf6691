import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error';
import type { Storage, Visibility } from './storage';

/** Spec section 9: uploads are at most 5 MB and images only. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The messages of spec section 8's upload errors, matched by the browser's error mapping. */
export const UPLOAD_ERRORS = {
  tooLarge: 'File is too large. Please select a file smaller than 5MB.',
  badType: 'Invalid file type. Please select an image file (JPG, PNG, etc.).',
  missing: 'No file received. Please select an image file (JPG, PNG, etc.).',
  unreadable: 'The image could not be read. Please select another image file (JPG, PNG, etc.).',
} as const;

/**
 * Image types accepted, by what the bytes are (magic numbers), never by the name or declared type.
 * SVG is refused: it is a document that can carry script.
 */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Widths of the variants made of every image (none larger than the original). */
const VARIANT_WIDTHS = [320, 640, 1280] as const;
/** The largest stored copy: bigger originals are scaled down to it. */
const MAX_WIDTH = 2000;
/** Decoding bombs (a tiny file that decodes to gigapixels) are refused before any work. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageVariant {
  width: number;
  height: number;
  key: string;
  /** Public images only; a private one is read through a route that checks who asks. */
  url: string | null;
}

export interface StoredImage extends ImageVariant {
  /** Smaller copies for `srcset`, narrowest first. */
  variants: ImageVariant[];
  /**
   * The form's text fields sent before the file part (a browser's FormData keeps the order of
   * `append`), so one request can carry a form and its image.
   */
  fields: Record<string, string>;
}

/**
 * Reads the one file of a multipart request and stores it as images: checked by content,
 * decoded and re-encoded to WebP by sharp (which drops EXIF, GPS and every other metadata), in the
 * original size (at most 2,000 px wide) and the narrower variants. Answers 400 without a file, 413
 * over 5 MB (counted while streaming), 415 for anything that is not a raster image.
 */
export async function receiveImage(
  request: FastifyRequest,
  { visibility }: { visibility: Visibility },
): Promise<StoredImage> {
  if (!request.isMultipart()) throw new AppError(400, 'file_missing', UPLOAD_ERRORS.missing);
  const { body, fields } = await readUpload(request);
  await checkImageType(body);
  return { ...(await storeImage(request.server.storage, body, visibility)), fields };
}

/** 415 unless the bytes are a raster image of an accepted type. */
async function checkImageType(body: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(body);
  if (!type || !IMAGE_TYPES.has(type.mime))
    throw new AppError(415, 'unsupported_file_type', UPLOAD_ERRORS.badType);
}

/**
 * Decodes, re-encodes (WebP, no metadata) and stores an image already checked by content, in its
 * original size (at most 2,000 px wide) and the narrower variants. 400 when it cannot be decoded.
 */
export async function storeImage(
  storage: Storage,
  body: Buffer,
  visibility: Visibility,
): Promise<Omit<StoredImage, 'fields'>> {
  const renditions = await renderImage(body);
  const id = crypto.randomUUID();
  const month = new Date().toISOString().slice(0, 7).replace('-', '/');
  const stored = await Promise.all(
    renditions.map(async ({ data, width, height }, i) => {
      const key = `${month}/${id}${i === 0 ? '' : `-${width}w`}.webp`;
      await storage.put(key, data, visibility);
      return { width, height, key, url: visibility === 'public' ? storage.publicUrl(key) : null };
    }),
  );
  const [original, ...variants] = stored;
  return { ...original, variants };
}

/** Every key `storeImage` may have written for the image stored under `key`: it and its variants'. */
export function imageKeysOf(key: string): string[] {
  const dot = key.lastIndexOf('.');
  return [key, ...VARIANT_WIDTHS.map((w) => `${key.slice(0, dot)}-${w}w${key.slice(dot)}`)];
}

/**
 * Reads a multipart form with up to `maxFiles` image files (any part name) and its text fields, in
 * any order, without storing anything: the caller checks the fields first and stores the images
 * with `storeImage` only for a form it accepts. Each file is at most 5 MB (413, counted while
 * streaming) and an image by its content (415); more files than allowed are a 400.
 */
export async function readImageForm(
  request: FastifyRequest,
  { maxFiles }: { maxFiles: number },
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'not_multipart', 'Send the form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 30, parts: maxFiles + 30 },
    });
    for await (const part of parts) {
      if (part.type === 'file') files.push(await readFilePart(part));
      else if (typeof part.value === 'string' && !(part.fieldname in fields))
        fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', UPLOAD_ERRORS.tooLarge);
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError(400, 'too_many_files', `Send at most ${maxFiles} images.`);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'too_many_parts', 'The form has too many fields.');
    }
    throw new AppError(400, 'bad_upload', 'The form could not be read. Please send it again.');
  }
  for (const body of files) await checkImageType(body);
  return { fields, files };
}

async function readUpload(
  request: FastifyRequest,
): Promise<{ body: Buffer; fields: Record<string, string> }> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw new AppError(400, 'file_missing', UPLOAD_ERRORS.missing);
    const body = await readFilePart(file);
    const fields: Record<string, string> = {};
    for (const [name, part] of Object.entries(file.fields)) {
      const first = Array.isArray(part) ? part[0] : part;
      if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
    }
    return { body, fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', UPLOAD_ERRORS.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'too_many_parts', 'Send one image file at a time.');
    }
    throw new AppError(400, 'bad_upload', UPLOAD_ERRORS.missing);
  }
}

/**
 * A file part's bytes, 413 over the limit. The parser does not always throw when it cuts a file at
 * the limit (not when the cut falls between two chunks of the request): it then hands over the
 * first 5 MB as the whole file, and only the stream's `truncated` says so.
 */
async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const body = await part.toBuffer();
  if (part.file.truncated) throw new AppError(413, 'file_too_large', UPLOAD_ERRORS.tooLarge);
  return body;
}

/** The original (auto-rotated, capped in width) and the variants narrower than it, as WebP. */
async function renderImage(body: Buffer): Promise<{ data: Buffer; width: number; height: number }[]> {
  let width: number;
  try {
    const meta = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientation 5-8 swaps the sides once rotated.
    width = meta.orientation && meta.orientation >= 5 ? meta.height : meta.width;
  } catch {
    throw new AppError(400, 'image_unreadable', UPLOAD_ERRORS.unreadable);
  }
  const widths = [
    Math.min(width, MAX_WIDTH),
    ...VARIANT_WIDTHS.filter((w) => w < Math.min(width, MAX_WIDTH)),
  ];
  try {
    return await Promise.all(
      widths.map(async (w) => {
        const { data, info } = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw new AppError(400, 'image_unreadable', UPLOAD_ERRORS.unreadable);
  }
}

/** Sends a private image (a receipt, payout evidence) to the one viewer a route has checked: never stored by a cache. */
export function sendPrivateImage(reply: FastifyReply, bytes: Buffer) {
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(bytes);
}
