// mf-moderation renders nothing on its own: the shell loads the exposed pages through Module Federation.
export {};
