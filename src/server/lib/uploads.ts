import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error';
import type { Visibility } from './storage';

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
  const { storage } = request.server;
  if (!request.isMultipart()) throw new AppError(400, 'file_missing', UPLOAD_ERRORS.missing);
  const body = await readUpload(request);
  const type = await fileTypeFromBuffer(body);
  if (!type || !IMAGE_TYPES.has(type.mime))
    throw new AppError(415, 'unsupported_file_type', UPLOAD_ERRORS.badType);
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

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw new AppError(400, 'file_missing', UPLOAD_ERRORS.missing);
    return await file.toBuffer();
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
