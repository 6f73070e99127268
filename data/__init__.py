"""Persistence on SQLite (the default) or PostgreSQL: migrations, games as records, challenges."""

from __future__ import annotations

import time
from pathlib import Path

from data.away import Away, AwayRefused, AwayStore
from data.challenges import Challenge, ChallengeLimit, ChallengeStore, RematchOffered
from data.clock_controls import TimeControl
from data.db import Database
from data.digests import DigestStore
from data.engines import open_database
from data.errors import StaleGame, StorageBusy, StorageError, StorageFull
from data.game_record import ChallengeGone, Clock, GameLimit, GameRecord, NewGame, NewSeat, Seat
from data.games import GameStore
from data.holds import HoldStore
from data.offers import Offer, OfferExists, OfferStore
from data.privacy import Forgotten, PrivacyStore, StillPlaying
from data.ratings import Rating, RatingStore
from data.results import Ending, Result
from data.reviews import ReviewStore
from data.rounds import Pairing
from data.seasons import Season, SeasonRunning, SeasonStore
from data.settings import GuildSettings, PersonSettings, SettingsStore
from data.stats import Finished, Meetings, PlayerRecord, PlayerResult, ServerStats, StatsStore
from data.timers import Timer, TimerStore
from data.tournaments import Entrant, EntryRefused, EventSettings, Tournament, TournamentStore


class Store:
    """Everything the bot keeps, behind one object opened at start-up."""

    def __init__(self, target: str | Path, clock: Clock = time.time) -> None:
        """``target``: a SQLite file's path, or a ``postgresql://`` URL."""
        self.db = open_database(target)
        self.games = GameStore(self.db, clock)
        self.holds = HoldStore(self.db)
        self.challenges = ChallengeStore(self.db, clock)
        self.timers = TimerStore(self.db, clock)
        self.settings = SettingsStore(self.db)
        self.ratings = RatingStore(self.db)
        self.offers = OfferStore(self.db, clock)
        self.away = AwayStore(self.db, clock)
        self.stats = StatsStore(self.db)
        self.privacy = PrivacyStore(self.db, self.settings, self.away, clock)
        self.tournaments = TournamentStore(self.db, self.games, clock)
        self.seasons = SeasonStore(self.db, clock)
        self.digests = DigestStore(self.db, clock)
        self.reviews = ReviewStore(self.db, clock)

    async def open(self) -> Store:
        """Connect, check the file can be used (StorageError if not) and migrate."""
        await self.db.connect()
        if await self.ratings.unrated():  # games finished before ratings existed count too
            await self.ratings.rerate()
        return self

    async def close(self) -> None:
        """Close the connections."""
        await self.db.close()


__all__ = [
    "Away",
    "AwayRefused",
    "AwayStore",
    "Challenge",
    "ChallengeGone",
    "ChallengeLimit",
    "ChallengeStore",
    "Database",
    "DigestStore",
    "Ending",
    "Entrant",
    "EntryRefused",
    "EventSettings",
    "Finished",
    "Forgotten",
    "GameLimit",
    "GameRecord",
    "GameStore",
    "GuildSettings",
    "HoldStore",
    "Meetings",
    "NewGame",
    "NewSeat",
    "Offer",
    "OfferExists",
    "OfferStore",
    "Pairing",
    "PersonSettings",
    "PlayerRecord",
    "PlayerResult",
    "PrivacyStore",
    "Rating",
    "RatingStore",
    "RematchOffered",
    "Result",
    "ReviewStore",
    "Season",
    "SeasonRunning",
    "SeasonStore",
    "Seat",
    "ServerStats",
    "SettingsStore",
    "StaleGame",
    "StatsStore",
    "StillPlaying",
    "StorageBusy",
    "StorageError",
    "StorageFull",
    "Store",
    "TimeControl",
    "Timer",
    "TimerStore",
    "Tournament",
    "TournamentStore",
]
