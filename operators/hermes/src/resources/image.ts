// Image references and pull policies, resolved the way the kubelet and the API server do.

export interface ImageParts {
  repository?: string | undefined;
  tag?: string | undefined;
  digest?: string | undefined;
  pullPolicy?: string | undefined;
}

/** `repo@digest` when a digest pins it, else `repo:tag`, else `repo`. */
export function imageRef(repository: string, tag?: string, digest?: string): string {
  if (digest) return `${repository}@${digest}`;
  return tag ? `${repository}:${tag}` : repository;
}

/** The tag part of a reference (after the last ':' that follows the last '/'), if any. */
export function tagOf(image: string): string | undefined {
  if (image.includes('@')) return undefined;
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? image.slice(colon + 1) : undefined;
}

/** The repository part of a reference (without tag or digest). */
export function repositoryOf(image: string): string {
  const at = image.indexOf('@');
  if (at >= 0) return image.slice(0, at);
  const tag = tagOf(image);
  return tag === undefined ? image : image.slice(0, image.length - tag.length - 1);
}

/**
 * The API server's default pull policy: Always for `:latest` or an untagged reference, else
 * IfNotPresent. Builders set it explicitly so the object reads back unchanged.
 */
export function defaultPullPolicy(image: string): string {
  if (image.includes('@')) return 'IfNotPresent';
  const tag = tagOf(image);
  return tag === undefined || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/**
 * A companion image from its spec, with the schema's default repository and tag. The pull policy
 * defaults to IfNotPresent, the schema's default, whether or not the image section is present.
 */
export function companionImage(
  spec: ImageParts | undefined,
  defaults: { repository: string; tag?: string },
): { image: string; pullPolicy: string } {
  const image = imageRef(spec?.repository ?? defaults.repository, spec?.tag ?? defaults.tag, spec?.digest);
  return { image, pullPolicy: spec?.pullPolicy ?? 'IfNotPresent' };
}
