import type { TBlogPost } from '../content/load-content.ts';
import { usePage } from '../page-context.tsx';
import type { TFullSiteLanguage } from '../site-languages.ts';
import { sitePaths } from '../site-paths.ts';
import { formatDate } from '../texts.ts';
import { CallToAction } from './home-page.tsx';
import { PostGrid, Section } from './page-parts.tsx';

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
            <PostGrid posts={posts} headingLevel={2} />
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
        <Section id="more-posts" className="latest-posts" title={texts.blog.more} left>
          <PostGrid posts={morePosts} headingLevel={3} />
        </Section>
      )}
      <CallToAction language={post.language} />
    </>
  );
}
