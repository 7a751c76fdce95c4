import type { TBlogPost } from '../content/load-content.ts';
import { usePage } from '../page-context.tsx';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';
import { formatDate } from '../texts.ts';
import { CallToAction } from './home-page.tsx';
import { PostCard } from './post-card.tsx';

/** Every post of one language, newest first. */
export function BlogIndexPage({ language, posts }: { language: TFullSiteLanguage; posts: readonly TBlogPost[] }) {
  const { texts, href } = usePage();
  return (
    <>
      <section className="page-head">
        <div className="container">
          <h1>{texts.blog.heading}</h1>
          <p className="lead">{texts.blog.lead}</p>
          <p className="feed-link">
            <a href={href(sitePaths.blogFeed(language))}>{texts.blog.feed}</a>
          </p>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container">
          {posts.length === 0 ? (
            <p>{texts.blog.empty}</p>
          ) : (
            <ul className="post-grid">
              {posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} headingLevel={2} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

/** One post: its text, the link to its translation and a few more posts. */
export function BlogPostPage({ post, morePosts, translationPath }: { post: TBlogPost; morePosts: readonly TBlogPost[]; translationPath: string | null }) {
  const { texts, href } = usePage();
  return (
    <>
      <article className="post" aria-labelledby="post-title">
        <header className="page-head">
          <div className="container container-narrow">
            <nav aria-label={texts.a11y.breadcrumb} className="breadcrumb">
              <a href={href(sitePaths.blogIndex(post.language))}>{texts.blog.back}</a>
            </nav>
            <h1 id="post-title">{post.title}</h1>
            <p className="post-meta">
              {texts.blog.published}: <time dateTime={post.date}>{formatDate(post.language, post.date)}</time>
              {translationPath && (
                <>
                  {' · '}
                  <a href={href(translationPath)} hrefLang={post.language === 'hu' ? 'en' : 'hu'}>
                    {texts.blog.translation}
                  </a>
                </>
              )}
            </p>
            <p className="lead">{post.summary}</p>
          </div>
        </header>
        <div className="container container-narrow">
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
        </div>
      </article>
      {morePosts.length > 0 && (
        <section className="section latest-posts" aria-labelledby="more-posts">
          <div className="container">
            <h2 id="more-posts" className="section-title section-title-left">
              {texts.blog.more}
            </h2>
            <ul className="post-grid">
              {morePosts.map((other) => (
                <li key={other.slug}>
                  <PostCard post={other} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <CallToAction language={post.language} />
    </>
  );
}
