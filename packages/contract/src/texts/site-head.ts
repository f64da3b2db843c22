/** The public site's page titles and descriptions the server writes in the head (search engines, link previews). */
export const SITE_HEAD_TEXTS = {
  lists: { posts: 'Blog', galleries: 'Galleries', jobs: 'Careers', events: 'Events' },
  categoryOf: '{{category}}: {{list}}',
  notFound: 'Page not found | {{firm}}',
  register: {
    title: 'Sign in or create an account | {{firm}}',
    description:
      "Sign in to {{firm}}'s client portal, or create an account to open a request, share your documents securely and pay online.",
  },
  mySubmissions: 'My submissions | {{firm}}',
  forms: { title: 'Forms', description: 'Forms to fill in and send online' },
  share: { title: 'Share', description: 'Share a page of this site' },
  titled: '{{title}} | {{firm}}',
  describedAs: '{{title}}, {{firm}}',
} as const;
