/**
 * Storage (spec s.7 "Storage"): buckets and the objects in them, shaped after Supabase Storage's API
 * (bucket routes incl. `{id}/empty`; object upload, sign, move, copy, list, info, remove; public
 * reads) with Tend's camelCase field names. Defaults from spec s.9: a listing returns at most 100
 * entries from offset 0 sorted by name ascending; an upload is cached for 3600 s and never replaces
 * an existing object unless asked to (no upsert).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { sortOrder, text } from './common.ts';

/** Spec s.9 "Storage list defaults": limit 100. */
export const STORAGE_LIST_DEFAULT_LIMIT = 100;
/** Largest page a listing returns. */
export const STORAGE_LIST_MAX_LIMIT = 1000;
/** Spec s.9 "Upload default cache control": 3600 s. */
export const STORAGE_UPLOAD_DEFAULT_CACHE_SECONDS = 3600;
/** Longest lifetime of a signed URL: 7 days (the S3 presigned-URL maximum), in seconds. */
export const STORAGE_SIGNED_URL_MAX_SECONDS = 7 * 24 * 60 * 60;
/** Most object paths one remove request may name. */
export const STORAGE_REMOVE_MAX_PATHS = 1000;

/**
 * Bucket ids that would be shadowed by the fixed segments of `/api/storage/object/<segment>/…`
 * routes, so no bucket may use them.
 */
export const STORAGE_RESERVED_BUCKET_IDS = [
  'authenticated',
  'copy',
  'info',
  'list',
  'move',
  'public',
  'render',
  'sign',
  'upload',
] as const;

/** Same rule as the storage drivers' `assertSafeBucketId`: 2-63 chars, lowercase. */
const BUCKET_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,62}$/;
/** A MIME type (`type/subtype`) or a wildcard over one top-level type (`type/*`), lowercase. */
const MIME_PATTERN_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/;

/** A new bucket's id. */
export const storageBucketId = text()
  .regex(BUCKET_ID_PATTERN, {
    message: "must be 2-63 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit",
  })
  .refine((id) => !(STORAGE_RESERVED_BUCKET_IDS as readonly string[]).includes(id), {
    message: 'is reserved by the storage API; choose another id',
  });

/** One entry of a bucket's allowed MIME types, e.g. `image/png` or `image/*`; lowercased. */
export const storageMimePattern = text().trim().toLowerCase().regex(MIME_PATTERN_RE, {
  message: "must be a MIME type like 'application/pdf' or a wildcard like 'image/*'",
});

/** Allowed MIME types of a bucket; null (or an empty list) means any type. Duplicates are dropped. */
export const storageAllowedMimeTypes = z
  .array(storageMimePattern)
  .max(100, { message: 'must list at most 100 types' })
  .nullable()
  .transform((types) => (types && types.length > 0 ? [...new Set(types)] : null));

/** Largest object a bucket accepts, in bytes; null means no bucket limit. */
export const storageFileSizeLimit = z
  .number()
  .int({ message: 'must be a whole number of bytes' })
  .min(1, { message: 'must be at least 1 byte' })
  .max(Number.MAX_SAFE_INTEGER)
  .nullable();

const bucketName = text()
  .trim()
  .min(1, { message: 'is required' })
  .max(200, { message: 'must be at most 200 characters' })
  .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters' });

/** A bucket as the API returns it. */
export const storageBucket = z.object({
  id: z.string(),
  name: z.string(),
  /** Objects readable by anyone at `/api/storage/object/public/<id>/<path>`. */
  public: z.boolean(),
  /** Bytes; null = no bucket limit. */
  fileSizeLimit: z.number().int().nullable(),
  /** Null = any type. */
  allowedMimeTypes: z.array(z.string()).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StorageBucket = z.infer<typeof storageBucket>;
/** GET /api/storage/buckets: every bucket, by id. */
export const storageBucketList = z.object({ items: z.array(storageBucket) });

/** POST /api/storage/buckets. `name` defaults to the id; `public` to false; no size or type limit by default. */
export const createStorageBucketInput = z.object({
  id: storageBucketId,
  name: bucketName.optional(),
  public: z.boolean().default(false),
  fileSizeLimit: storageFileSizeLimit.default(null),
  allowedMimeTypes: storageAllowedMimeTypes.default(null),
});
export type CreateStorageBucketInput = z.input<typeof createStorageBucketInput>;

/** PUT /api/storage/buckets/:id. Omitted fields keep their value; null clears a limit. */
export const updateStorageBucketInput = z.object({
  name: bucketName.optional(),
  public: z.boolean().optional(),
  fileSizeLimit: storageFileSizeLimit.optional(),
  allowedMimeTypes: storageAllowedMimeTypes.optional(),
});
export type UpdateStorageBucketInput = z.input<typeof updateStorageBucketInput>;

/** `/api/storage/buckets/:id`. */
export const storageBucketParams = z.object({ id: text().min(1).max(100) });
/** `/api/storage/object/…/:bucket/*`: `*` is the object path (validated by the storage service). */
export const storageObjectParams = z.object({ bucket: text().min(1).max(100), '*': text() });
/** `/api/storage/object/…/:bucket` routes without an object path. */
export const storageBucketOnlyParams = z.object({ bucket: text().min(1).max(100) });

/** `?download` (any value) asks for `Content-Disposition: attachment`; a non-empty value names the file. */
export const storageDownloadQuery = z.object({ download: text().max(255).optional() });
/** Query of a signed-URL download. */
export const storageSignedQuery = storageDownloadQuery.extend({
  token: text({ message: 'is required' }).min(1, { message: 'is required' }).max(200),
});

/** POST /api/storage/buckets/:id/empty: how many objects were deleted. */
export const storageEmptyResult = z.object({ removed: z.number().int() });
/** 201 of an upload; `size` in bytes. */
export const storageUploadResult = z.object({
  bucketId: z.string(),
  path: z.string(),
  size: z.number().int(),
});
export type StorageUploadResult = z.infer<typeof storageUploadResult>;

/** GET /api/storage/object/info/:bucket/*. */
export const storageObjectInfo = z.object({
  bucketId: z.string(),
  path: z.string(),
  /** Last path segment. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  cacheControl: z.string().nullable(),
  lastModified: z.iso.datetime({ offset: true }),
});
export type StorageObjectInfo = z.infer<typeof storageObjectInfo>;

/** Columns a listing can sort by (Supabase Storage names). */
export const storageListSortColumns = ['name', 'created_at', 'updated_at', 'size'] as const;

/** POST /api/storage/object/list/:bucket. Defaults per spec s.9: limit 100, offset 0, name ascending. */
export const storageListInput = z.object({
  /** Folder whose direct children are listed; '' = bucket root. */
  prefix: text().max(1024).default(''),
  limit: z.number().int().min(1).max(STORAGE_LIST_MAX_LIMIT).default(STORAGE_LIST_DEFAULT_LIMIT),
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  sortBy: z
    .object({ column: z.enum(storageListSortColumns).default('name'), order: sortOrder.default('asc') })
    .default({ column: 'name', order: 'asc' }),
  /** Keep entries whose name starts with this (case-insensitive). */
  search: text().max(1024).default(''),
});
export type StorageListInput = z.input<typeof storageListInput>;

/** One direct child of the listed folder. */
export const storageListEntry = z.object({
  name: z.string(),
  isFolder: z.boolean(),
  /** Bytes; 0 for folders. */
  size: z.number().int(),
  /** Null for folders. */
  contentType: z.string().nullable(),
  /** Null for folders. */
  lastModified: z.iso.datetime({ offset: true }).nullable(),
});
export type StorageListEntry = z.infer<typeof storageListEntry>;
/** 200 of a listing. */
export const storageList = z.object({ items: z.array(storageListEntry) });

/** POST /api/storage/object/move and /copy (within one bucket). */
export const storageMoveInput = z.object({
  bucketId: text().min(1).max(100),
  sourceKey: text().max(4096),
  destinationKey: text().max(4096),
  upsert: z.boolean().default(false),
});
export type StorageMoveInput = z.input<typeof storageMoveInput>;
/** 200 of a move or copy: where the object now is. */
export const storageMoveResult = z.object({ bucketId: z.string(), path: z.string() });

/** DELETE /api/storage/object/:bucket. */
export const storageRemoveInput = z.object({
  prefixes: z
    .array(text().max(4096))
    .min(1, { message: 'must name at least one object' })
    .max(STORAGE_REMOVE_MAX_PATHS, { message: `must name at most ${STORAGE_REMOVE_MAX_PATHS} objects` }),
});
/** The paths that existed and were removed (input order, de-duplicated). */
export const storageRemoveResult = z.object({ removed: z.array(z.string()) });

/** POST /api/storage/object/sign/:bucket/*: lifetime in seconds, 1 s to 7 days. */
export const storageSignInput = z.object({
  expiresIn: z
    .number()
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1 second' })
    .max(STORAGE_SIGNED_URL_MAX_SECONDS, {
      message: `must be at most ${STORAGE_SIGNED_URL_MAX_SECONDS} seconds (7 days)`,
    }),
});
/** `signedUrl` is relative to the API origin and works without a session until `expiresAt`. */
export const storageSignedUrl = z.object({
  signedUrl: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type StorageSignedUrl = z.infer<typeof storageSignedUrl>;

/**
 * The MIME essence of a Content-Type value: `type/subtype` lowercased, parameters dropped
 * (`Text/CSV; charset=utf-8` → `text/csv`). Pure.
 */
export function mimeEssence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a bucket whose allowed list is `allowed` accepts `contentType`. Null or empty `allowed`
 * accepts everything; an entry `type/*` accepts any subtype of `type`; parameters are ignored and
 * comparison is case-insensitive (RFC 9110 s.8.3.1). Pure.
 */
export function isMimeTypeAllowed(
  contentType: string,
  allowed: readonly string[] | null | undefined,
): boolean {
  if (!allowed || allowed.length === 0) return true;
  const essence = mimeEssence(contentType);
  const slash = essence.indexOf('/');
  if (slash <= 0) return false;
  const type = essence.slice(0, slash);
  return allowed.some((entry) => {
    const pattern = entry.trim().toLowerCase();
    return pattern === essence || pattern === `${type}/*`;
  });
}

/**
 * Storage (spec s.7 "Storage", Supabase-Storage-shaped). Admin only, except the signed and public downloads.
 * Static segments (info, list, move, copy, sign, public) win over `:bucket`; those bucket ids are reserved.
 * Downloads are files (empty `response`); the upload is multipart (the file in a part named `file`).
 */
export const storageEndpoints = {
  listBuckets: defineEndpoint({
    method: 'GET',
    path: '/api/storage/buckets',
    response: { 200: storageBucketList },
  }),
  createBucket: defineEndpoint({
    method: 'POST',
    path: '/api/storage/buckets',
    body: createStorageBucketInput,
    response: { 201: storageBucket },
  }),
  getBucket: defineEndpoint({
    method: 'GET',
    path: '/api/storage/buckets/:id',
    params: storageBucketParams,
    response: { 200: storageBucket },
  }),
  updateBucket: defineEndpoint({
    method: 'PUT',
    path: '/api/storage/buckets/:id',
    params: storageBucketParams,
    body: updateStorageBucketInput,
    response: { 200: storageBucket },
  }),
  deleteBucket: defineEndpoint({
    method: 'DELETE',
    path: '/api/storage/buckets/:id',
    params: storageBucketParams,
    response: { 204: z.null().describe('Deleted') },
  }),
  emptyBucket: defineEndpoint({
    method: 'POST',
    path: '/api/storage/buckets/:id/empty',
    params: storageBucketParams,
    response: { 200: storageEmptyResult },
  }),
  listObjects: defineEndpoint({
    method: 'POST',
    path: '/api/storage/object/list/:bucket',
    params: storageBucketOnlyParams,
    body: storageListInput,
    response: { 200: storageList },
  }),
  moveObject: defineEndpoint({
    method: 'POST',
    path: '/api/storage/object/move',
    body: storageMoveInput,
    response: { 200: storageMoveResult },
  }),
  copyObject: defineEndpoint({
    method: 'POST',
    path: '/api/storage/object/copy',
    body: storageMoveInput,
    response: { 200: storageMoveResult },
  }),
  removeObjects: defineEndpoint({
    method: 'DELETE',
    path: '/api/storage/object/:bucket',
    params: storageBucketOnlyParams,
    body: storageRemoveInput,
    response: { 200: storageRemoveResult },
  }),
  getObjectInfo: defineEndpoint({
    method: 'GET',
    path: '/api/storage/object/info/:bucket/*',
    params: storageObjectParams,
    response: { 200: storageObjectInfo },
  }),
  createSignedUrl: defineEndpoint({
    method: 'POST',
    path: '/api/storage/object/sign/:bucket/*',
    params: storageObjectParams,
    body: storageSignInput,
    response: { 200: storageSignedUrl },
  }),
  uploadObject: defineEndpoint({
    method: 'POST',
    path: '/api/storage/object/:bucket/*',
    params: storageObjectParams,
    multipart: true,
    response: { 201: storageUploadResult },
  }),
  downloadObject: defineEndpoint({
    method: 'GET',
    path: '/api/storage/object/:bucket/*',
    params: storageObjectParams,
    query: storageDownloadQuery,
    response: {},
  }),
  downloadSignedObject: defineEndpoint({
    method: 'GET',
    path: '/api/storage/object/sign/:bucket/*',
    params: storageObjectParams,
    query: storageSignedQuery,
    response: {},
  }),
  downloadPublicObject: defineEndpoint({
    method: 'GET',
    path: '/api/storage/object/public/:bucket/*',
    params: storageObjectParams,
    query: storageDownloadQuery,
    response: {},
  }),
};

/** Largest width or height the image renderer makes (spec s.7 "image render"; decision 0055). */
export const IMAGE_RENDER_MAX_PIXELS = 2000;
/** Image render resize modes: `cover` crops to fill the box, `contain` fits inside it, `fill` stretches. */
export const imageResizeModes = ['cover', 'contain', 'fill'] as const;
/** Image render output formats. */
export const imageRenderFormats = ['webp', 'jpeg', 'png'] as const;

const renderSide = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number of pixels` })
    .int({ message: `${name} must be a whole number of pixels` })
    .min(1, { message: `${name} must be at least 1 pixel` })
    .max(IMAGE_RENDER_MAX_PIXELS, { message: `${name} must be at most ${IMAGE_RENDER_MAX_PIXELS} pixels` });

/**
 * Query of the image render routes (spec s.7): `width`/`height` 1..2000 px (one alone keeps the aspect ratio),
 * `resize` (default `cover`), `quality` 20..100 (default 80), `format` (default `webp`).
 */
export const imageRenderQuery = z.object({
  width: renderSide('width').optional(),
  height: renderSide('height').optional(),
  resize: z.enum(imageResizeModes).default('cover'),
  quality: z.coerce.number().int().min(20).max(100).default(80),
  format: z.enum(imageRenderFormats).default('webp'),
});
export type ImageRenderQuery = z.output<typeof imageRenderQuery>;

/** The image render routes (spec s.7 "public and authenticated image render"; decision 0055). */
export const storageRenderEndpoints = {
  renderPublicImage: defineEndpoint({
    method: 'GET',
    path: '/api/storage/render/image/public/:bucket/*',
    params: storageObjectParams,
    query: imageRenderQuery,
    response: {},
    produces: ['image/webp', 'image/jpeg', 'image/png'],
  }),
  renderAuthenticatedImage: defineEndpoint({
    method: 'GET',
    path: '/api/storage/render/image/authenticated/:bucket/*',
    params: storageObjectParams,
    query: imageRenderQuery,
    response: {},
    produces: ['image/webp', 'image/jpeg', 'image/png'],
  }),
};
