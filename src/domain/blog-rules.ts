// Blog display rules without zod: browser pages import these without the schema library.

export const BLOG_LIST_LIMIT = 6;
export const CARD_TAG_LIMIT = 3;
export const QUICK_UPDATE_PREVIEW_CHARS = 150;
export const DEFAULT_AUTHOR = 'Editorial Team';

/** Prop Firm Reviews: posts of category review. */
export function isReviewPost(post: { category: string | null }): boolean {
  return post.category === 'review';
}

/** Trading Articles & Insights: category article or no category. */
export function isArticlePost(post: { category: string | null }): boolean {
  return post.category === 'article' || !post.category;
}

export function postDate(post: { publishDate: string | null; createdAt: string }): string {
  return post.publishDate ?? post.createdAt;
}
