/** Teams: a studio's roles, what each may do, and the rules of membership changes (docs/teams.md). */
export * from './studio-role';
export * from './permissions';
export * from './membership-rules';
export * from './invitation';
export * from './studio';
export * from './team';
