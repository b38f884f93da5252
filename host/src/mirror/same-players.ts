/** Whether two states name the same players in the same order: the same game further on, as far as a log or a mirror can tell. */
export function samePlayers(a: { players: { name: string }[] }, b: { players: { name: string }[] }): boolean {
  return a.players.length === b.players.length && a.players.every((p, i) => p.name === b.players[i].name);
}
