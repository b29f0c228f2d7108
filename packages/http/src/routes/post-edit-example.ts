/** The body both post edits (one post, a group's posts) show as their example: a new caption and time. */
export const POST_EDIT_EXAMPLE = { caption: 'Launch day, take two', scheduledTime: '2031-12-01T09:30:00Z' };
