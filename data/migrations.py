"""Schema migrations, oldest first: entry i brings a file from user_version i to i + 1.

Never edit a migration that has shipped; append a new one.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games as records (game, seats, seed, options, moves) plus where they live on Discord.
    """
    CREATE TABLE series (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        length INTEGER NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        lang TEXT NOT NULL DEFAULT 'en',
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
        version INTEGER NOT NULL DEFAULT 0,
        posted_version INTEGER NOT NULL DEFAULT -1,
        result TEXT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        place_id INTEGER,
        message_id INTEGER,
        series_id INTEGER REFERENCES series(id),
        series_index INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE INDEX games_place ON games(place_id, status);
    CREATE INDEX games_series ON games(series_id, series_index);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_user ON seats(user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        move TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        series_length INTEGER NOT NULL DEFAULT 1,
        lang TEXT NOT NULL DEFAULT 'en',
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        challenger_id INTEGER NOT NULL,
        challenger_name TEXT NOT NULL,
        opponent_id INTEGER,
        status TEXT NOT NULL DEFAULT 'open'
            CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        game_id INTEGER REFERENCES games(id)
    );
    CREATE INDEX challenges_due ON challenges(status, expires_at)
    """,
    # 2: challenges for up to five players: every invited player's answer, open seats.
    """
    ALTER TABLE challenges ADD COLUMN is_open INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE challenges ADD COLUMN max_players INTEGER NOT NULL DEFAULT 2;
    CREATE TABLE challenge_players (
        challenge_id INTEGER NOT NULL REFERENCES challenges(id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        accepted INTEGER NOT NULL DEFAULT 0,
        joined_at REAL NOT NULL,
        PRIMARY KEY (challenge_id, user_id)
    );
    INSERT INTO challenge_players (challenge_id, user_id, name, accepted, joined_at)
        SELECT id, opponent_id, '', 0, created_at FROM challenges WHERE opponent_id IS NOT NULL;
    UPDATE challenges SET is_open = 1 WHERE opponent_id IS NULL
    """,
    # 3: a rematch seats the players in a given order (turned round).
    """
    ALTER TABLE challenges ADD COLUMN seat_order TEXT
    """,
    # 4: timers fired by one loop (challenge expiry, turn reminders, deadlines), days per
    # move, when each turn began, and per-user and per-server settings.
    """
    CREATE TABLE timers (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        ref_id INTEGER NOT NULL,
        turn_stamp REAL,
        due_at REAL NOT NULL,
        fired_at REAL
    );
    CREATE INDEX timers_due ON timers(fired_at, due_at);
    INSERT INTO timers (kind, ref_id, due_at)
        SELECT 'challenge', id, expires_at FROM challenges WHERE status = 'open';
    ALTER TABLE games ADD COLUMN turn_started_at REAL;
    ALTER TABLE games ADD COLUMN days_per_move INTEGER;
    ALTER TABLE challenges ADD COLUMN days_per_move INTEGER;
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        dm_turns INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        reminder_hours REAL NOT NULL DEFAULT 24,
        game_channel_id INTEGER,
        threads INTEGER NOT NULL DEFAULT 1
    )
    """,
    # 5: votes to skip a timed-out player's turn at a table of three or more.
    """
    CREATE TABLE skip_votes (
        game_id INTEGER NOT NULL REFERENCES games(id),
        turn_stamp REAL NOT NULL,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, turn_stamp, user_id)
    )
    """,
    # 6: a rematch names the game it repeats; at most one rematch of a game is open at a time,
    # so a double click (even two at once) cannot offer it twice.
    """
    ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games(id);
    CREATE UNIQUE INDEX challenges_open_rematch ON challenges(rematch_of)
        WHERE status = 'open' AND rematch_of IS NOT NULL
    """,
    # 7: seats played by the bot itself, at a level (NULL: a person), and the bot seats a
    # challenge adds when its game starts (a JSON list of levels).
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE challenges ADD COLUMN bot_levels TEXT
    """,
    # 8: ratings (openskill) per game and scope (a server's id, 0 across servers), their
    # history, which finished games were rated (once each), and whether a person's ratings
    # may be shown beyond their servers. Games finished before this are rated at start.
    """
    CREATE TABLE ratings (
        game TEXT NOT NULL,
        scope INTEGER NOT NULL,
        player TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (game, scope, player)
    );
    CREATE TABLE rating_history (
        game_id INTEGER NOT NULL REFERENCES games(id),
        game TEXT NOT NULL,
        scope INTEGER NOT NULL,
        player TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, scope, player)
    );
    CREATE INDEX rating_history_player ON rating_history(player, game, scope, at);
    CREATE TABLE rated_games (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        at REAL NOT NULL
    );
    ALTER TABLE user_settings ADD COLUMN public INTEGER NOT NULL DEFAULT 0
    """,
    # 9: offers to end a game by agreement (a draw): one offer a game, made at a ply by a seat,
    # with the seats that accepted so far (every other player must, at a larger table); a
    # declined one stays until its maker moves again, so that it cannot be made again at once.
    """
    CREATE TABLE offers (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        by_seat INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        accepted TEXT NOT NULL DEFAULT '[]',
        declined INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    )
    """,
    # 10: moderation: a role whose members may moderate games besides those who manage the
    # server, and per-member limits on open challenges and games at once.
    """
    ALTER TABLE guild_settings ADD COLUMN mod_role_id INTEGER;
    ALTER TABLE guild_settings ADD COLUMN max_challenges INTEGER NOT NULL DEFAULT 3;
    ALTER TABLE guild_settings ADD COLUMN max_games INTEGER NOT NULL DEFAULT 20
    """,
    # 11: time away: while a player is away their clocks stop (no reminder, no deadline).
    """
    CREATE TABLE away (
        user_id INTEGER NOT NULL,
        started_at REAL NOT NULL,
        until REAL NOT NULL,
        PRIMARY KEY (user_id, started_at)
    )
    """,
    # 12: several processes share the database: a process claims a due timer before acting
    # (who, and until when its claim holds), and marks it fired once done; a claim whose
    # lease ran out without that (its process died) is taken over by another.
    """
    ALTER TABLE timers ADD COLUMN claimed_by TEXT;
    ALTER TABLE timers ADD COLUMN lease_until REAL
    """,
    # 13: finished games numbered in the order they ended, inside the transaction that ends
    # each (writes run one at a time): live ratings and a rebuild follow that one order,
    # whatever the clocks of the processes that wrote them. Games finished before are
    # numbered in the order a rebuild used to follow (when they ended, then id).
    """
    ALTER TABLE games ADD COLUMN finish_seq INTEGER;
    CREATE TEMP TABLE finish_order (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
    INSERT INTO finish_order (id, n)
        SELECT id, ROW_NUMBER() OVER (ORDER BY COALESCE(finished_at, updated_at), id)
        FROM games WHERE status = 'finished';
    UPDATE games SET finish_seq = (SELECT n FROM finish_order WHERE finish_order.id = games.id)
        WHERE status = 'finished';
    DROP TABLE finish_order;
    CREATE UNIQUE INDEX games_finish_seq ON games(finish_seq)
    """,
    # 14: tournaments (issue 22): an event, its entrants and each round's tables (a game, or
    # a bye); its games carry a thread name, and may be left unrated or without undo.
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        format TEXT NOT NULL,
        rounds INTEGER,
        days_per_move INTEGER,
        signup_ends REAL,
        min_players INTEGER NOT NULL,
        max_players INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        undo INTEGER NOT NULL DEFAULT 0,
        lang TEXT NOT NULL,
        status TEXT NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL,
        finished_at REAL,
        season_id INTEGER
    );
    CREATE INDEX tournaments_guild ON tournaments(guild_id, status);
    CREATE TABLE entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined_at REAL NOT NULL,
        withdrawn_round INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE pairings (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        players TEXT NOT NULL,
        game_id INTEGER REFERENCES games(id),
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE INDEX pairings_game ON pairings(game_id);
    ALTER TABLE games ADD COLUMN title TEXT;
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN undo INTEGER NOT NULL DEFAULT 1
    """,
    # 15: seasons of a server, each a number of weeks long (or ended early, ``ended_at``). A
    # rated game that ends while one runs is rated on its own ladder too (scope -id). At
    # most one runs per server at a time: the partial unique index decides, so two
    # /season start at once start one.
    """
    CREATE TABLE seasons (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        weeks INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'ended')),
        ended_at REAL
    );
    CREATE INDEX seasons_guild ON seasons(guild_id, started_at);
    CREATE UNIQUE INDEX seasons_running ON seasons(guild_id) WHERE status = 'running'
    """,
    # 16: a person's clock settings (issue 23): their time zone (an IANA name), quiet hours
    # (minutes after local midnight, from-to, may wrap midnight), the hours before a
    # deadline to be reminded (a JSON list), the local hour of a daily digest, and whether
    # to be told when their turn is next at tables of three or more.
    """
    ALTER TABLE user_settings ADD COLUMN timezone TEXT;
    ALTER TABLE user_settings ADD COLUMN quiet_from INTEGER;
    ALTER TABLE user_settings ADD COLUMN quiet_to INTEGER;
    ALTER TABLE user_settings ADD COLUMN remind_before TEXT;
    ALTER TABLE user_settings ADD COLUMN digest_hour INTEGER;
    ALTER TABLE user_settings ADD COLUMN heads_up INTEGER NOT NULL DEFAULT 0
    """,
    # 17: the bot holds a missing player's seat (issue 23, item 6): ``held_level`` the level
    # it plays at while it does, ``held_from`` the ply its hold began at; ``held_spans`` the
    # holds that ended, as JSON [[level, from ply, to ply], ...]. A seat held at any time in
    # a game is left out of its rating (``rate_finished``). ``held_notice``: the news of a
    # hold ('held') or its end ('back') not told yet, set with the change and cleared once
    # the thread has it (a crash between: told on recovery, once).
    """
    ALTER TABLE seats ADD COLUMN held_level TEXT;
    ALTER TABLE seats ADD COLUMN held_from INTEGER;
    ALTER TABLE seats ADD COLUMN held_spans TEXT;
    ALTER TABLE seats ADD COLUMN held_notice TEXT
    """,
    # 18: time controls (issue 23): a game's clock besides its days per move (a bank, its
    # increment and cap, weekends off; JSON, NULL for today's clock), each seat's bank left
    # in seconds (written with the move that charges it; the move keeps what it was before,
    # so an undo gives it back), and a challenge's control, which the game it starts (and a
    # rematch) carries.
    """
    ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE seats ADD COLUMN bank_left REAL;
    ALTER TABLE moves ADD COLUMN bank_before REAL;
    ALTER TABLE challenges ADD COLUMN time_control TEXT
    """,
    # 19: the daily digest (issue 23): for each person who asked for one, the language they
    # asked in and the last day of theirs (a date's ordinal in their time zone) whose digest
    # was handled; and at most one digest timer waiting per person (the partial unique index
    # decides, so two /notify at once leave one).
    """
    CREATE TABLE digests (
        user_id INTEGER PRIMARY KEY,
        lang TEXT NOT NULL DEFAULT 'en',
        last_day INTEGER
    );
    CREATE UNIQUE INDEX timers_digest ON timers(ref_id) WHERE kind = 'digest' AND fired_at IS NULL
    """,
    # 20: the timers of one game's turn found together: a person's reminder before a
    # deadline waits for one further ahead of it that is not out yet (issue 23), looked up
    # as it falls due, among many games' timers.
    "CREATE INDEX timers_turn ON timers(ref_id, turn_stamp)",
    # 21: every query that grows with the data finds its rows through an index (issue 25;
    # tests/data/test_query_plans.py): the games in play (few among a history of finished
    # ones), a channel's games, a server's games of one kind (/stats), the seats with news
    # of a hold not told, the challenge that started a game, the challenges open (few among
    # those answered), the tournaments running, the people whose ratings are public.
    """
    CREATE INDEX games_active ON games(id) WHERE status = 'active';
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE INDEX games_guild ON games(guild_id, game, status);
    CREATE INDEX seats_untold ON seats(game_id, seat) WHERE held_notice IS NOT NULL;
    CREATE INDEX challenges_game ON challenges(game_id);
    CREATE INDEX challenges_open ON challenges(expires_at) WHERE status = 'open';
    CREATE INDEX tournaments_running ON tournaments(id) WHERE status = 'running';
    CREATE INDEX user_settings_public ON user_settings(user_id) WHERE public = 1
    """,
    # 22: an event's time control (a bank, an increment, a cap, weekends off), given to each
    # of its games as /play gives one (issue 23: "chosen at /play and for tournaments").
    "ALTER TABLE tournaments ADD COLUMN time_control TEXT",
    # 23: post-game reviews (issue 24): the figures of a finished game's review, computed
    # once per game and view (``view`` -1: the public review; a seat: that seat's own), as
    # JSON; and a server's choice to have every finished game reviewed in its thread.
    """
    CREATE TABLE reviews (
        game_id INTEGER NOT NULL REFERENCES games(id),
        view INTEGER NOT NULL,
        figures TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, view)
    );
    ALTER TABLE guild_settings ADD COLUMN review_games INTEGER NOT NULL DEFAULT 0
    """,
    # 24: (issue 25, `python -m bench data`) a leaderboard read in its order, a page at a
    # time, and a player's place counted down that order, not every rating of the game
    # sorted; a person's seats by game, newest first (the name at their latest game, their
    # games in play and finished): the index on user_id alone led to every seat they ever
    # had, each read from the table to find its game; the finished games without a number
    # (ended by a Tablero older than schema 13 beside a newer one: none, nearly always),
    # where the start looks for a game never rated.
    """
    CREATE INDEX ratings_rank ON ratings(game, scope, (mu - 3 * sigma) DESC, games DESC, player);
    CREATE INDEX seats_user_game ON seats(user_id, game_id);
    DROP INDEX seats_user;
    CREATE INDEX games_unnumbered ON games(id) WHERE status = 'finished' AND finish_seq IS NULL
    """,
    # 25: (issue 25) each server's finished games summed as they end (data/summary.py), so
    # /stats reads a few rows, not every game a large server ever finished: per game and
    # way a game ended (reason, winners) the games, plies and days; per game and person
    # their games and latest game. Filled here from the games finished before (what /stats
    # counts: neither called off nor ended by a moderator; people at their own seats, not
    # the bot's nor anyone forgotten). json_extract is PostgreSQL's ->> there (widen).
    """
    CREATE TABLE server_endings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        reason TEXT NOT NULL,
        winners TEXT NOT NULL,
        games INTEGER NOT NULL,
        plies INTEGER NOT NULL,
        days REAL NOT NULL,
        PRIMARY KEY (guild_id, game, reason, winners)
    );
    CREATE TABLE server_players (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        games INTEGER NOT NULL,
        latest INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX server_players_most ON server_players(guild_id, game, games DESC, latest DESC);
    INSERT INTO server_endings (guild_id, game, reason, winners, games, plies, days)
        SELECT guild_id, game, reason, winners, COUNT(*), SUM(plies), SUM(days)
        FROM (SELECT g.guild_id, g.game,
            COALESCE(json_extract(g.result, '$.reason'), '') AS reason,
            COALESCE(json_extract(g.result, '$.winners'), '[]') AS winners,
            COALESCE((SELECT m.ply + 1 FROM moves m WHERE m.game_id = g.id
                ORDER BY m.ply DESC LIMIT 1), 0) AS plies,
            (COALESCE(g.finished_at, g.updated_at) - g.created_at) / 86400.0 AS days
            FROM games g WHERE g.status = 'finished' AND g.result IS NOT NULL
            AND g.guild_id IS NOT NULL
            AND COALESCE(json_extract(g.result, '$.reason'), '') NOT IN ('abort', 'moderator')
        ) ended
        GROUP BY guild_id, game, reason, winners;
    INSERT INTO server_players (guild_id, game, user_id, games, latest)
        SELECT g.guild_id, g.game, s.user_id, COUNT(*), MAX(s.game_id)
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.status = 'finished' AND g.result IS NOT NULL AND g.guild_id IS NOT NULL
        AND COALESCE(json_extract(g.result, '$.reason'), '') NOT IN ('abort', 'moderator')
        AND s.level IS NULL AND s.user_id <> 0
        GROUP BY g.guild_id, g.game, s.user_id
    """,
]


def statements(script: str) -> list[str]:
    """A migration's statements (split on semicolons: our scripts hold none in strings)."""
    return [s.strip() for s in script.split(";") if s.strip()]
