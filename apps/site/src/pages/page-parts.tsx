import type { ReactNode } from 'react';
import type { TBlogPost } from '../content/load-content.ts';
import { PostCard } from './post-card.tsx';

/** A band of a page with its heading (and lead): a region named by its heading. */
export function Section({ id, className, title, lead, left, children }: { id: string; className: string; title: string; lead?: string; left?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={`section ${className}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className={left ? 'section-title section-title-left' : 'section-title'}>
          {title}
        </h2>
        {lead && <p className="section-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/** A list with ticks. */
export function CheckList({ items, large }: { items: readonly string[]; large?: boolean }) {
  return (
    <ul className={large ? 'check-list check-list-large' : 'check-list'}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Posts as cards, three to a row on wide screens. */
export function PostGrid({ posts, headingLevel }: { posts: readonly TBlogPost[]; headingLevel: 2 | 3 }) {
  return (
    <ul className="post-grid">
      {posts.map((post) => (
        <li key={`${post.language}/${post.slug}`}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
