import type { TBlogPost } from '../content/load-content.ts';
import { usePage } from '../page-context.tsx';
import { sitePaths } from '../site-paths.ts';
import { formatDate } from '../texts.ts';

/** A post in a list: date, title as the link, summary. */
export function PostCard({ post, headingLevel }: { post: TBlogPost; headingLevel: 2 | 3 }) {
  const { href } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <p className="post-date">
        <time dateTime={post.date}>{formatDate(post.language, post.date)}</time>
      </p>
      <Heading className="post-card-title">
        <a href={href(sitePaths.blogPost(post.language, post.slug))}>{post.title}</a>
      </Heading>
      <p>{post.summary}</p>
    </article>
  );
}
