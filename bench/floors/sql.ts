// The bot message SQL of the floors: the same row the service writes and the same page it reads, so a floor's
// figure is the database's share and the stack's, nothing of ours.
const COLS = "id, space_id, channel_id, author_id, kind, ciphertext, content, reply_to, created_at";

export const INSERT_SQL = `INSERT INTO messages (id, space_id, channel_id, author_id, kind, content) VALUES ($1, $2, $3, $4, 'bot', $5) RETURNING ${COLS}`;

// The same SQL as our list (author's is_bot, reaction counts), so the stack floor's ratio is the stack around it.
export const LIST_SQL = `SELECT p.*, p.kind = 'bot' AS author_is_bot,
   (SELECT json_agg(json_build_object('emoji', r.emoji, 'count', r.n) ORDER BY r.first)
      FROM (SELECT emoji, count(*)::int AS n, min(created_at) AS first FROM reactions WHERE message_id = p.id GROUP BY emoji) r) AS reactions
 FROM (SELECT ${COLS} FROM messages WHERE channel_id = $1 AND kind IN ('bot', 'service') AND deleted_at IS NULL
        ORDER BY id DESC LIMIT 50) p
 ORDER BY p.id DESC`;

// The bare floor's page: the plain SELECT of the page's rows, nothing joined or counted.
export const PAGE_SQL = `SELECT ${COLS} FROM messages WHERE channel_id = $1 AND kind IN ('bot', 'service') AND deleted_at IS NULL
 ORDER BY id DESC LIMIT 50`;

export const toJson = (r: Record<string, unknown> & { created_at: Date }) => ({ ...r, created_at: r.created_at.toISOString() });
