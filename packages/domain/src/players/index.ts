/** Players: the Players tab's support actions, test players and their clocks. */
export * from './player-support';
export * from './test-player';
export * from './tester-clock';
