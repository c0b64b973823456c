"""Campaign files: written and read like game saves, refused with a reason when they are not
one, never overwritten when unreadable."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_samples import sample_save

from saves.campaign import (
    CAMPAIGN,
    CAMPAIGN_FIELDS,
    CAMPAIGN_FORMAT,
    FORMAT_1_GAME,
    CampaignFile,
    CampaignStore,
    ChapterResult,
    decode_campaign,
    encode_campaign,
)
from saves.format import SaveError, checksum_of, encode
from saves.store import SaveStore


def campaign(**changes: Any) -> CampaignFile:
    c = CampaignFile(campaign="ember_road", options={"players": 1, "seats": ["human"],
                                                     "names": ["You"], "mode": "solo"},
                     pool=["stonehide_bear", "oracle_lumen", "shade_reaver", "arha_templar"],
                     chapter=2, rewards=["first_turn_power"],
                     results=[ChapterResult(0, True, 14), ChapterResult(1, False, 9),
                              ChapterResult(1, True, 12)],
                     game="tactics-20261201-101010-ab12.ascend",
                     meta={"players": ["You"], "title": "The Ember Road"})
    for key, value in changes.items():
        setattr(c, key, value)
    return c


def with_fields(**changes: Any) -> bytes:
    """A campaign file with fields replaced and the checksum made to match."""
    top = msgpack.unpackb(encode_campaign(campaign())[len(CAMPAIGN.magic):], raw=False,
                          strict_map_key=False)
    top.update(changes)
    stored = {k: top[k] for k in CAMPAIGN_FIELDS}
    return CAMPAIGN.magic + msgpack.packb(
        {**stored, "checksum": checksum_of(stored, CAMPAIGN_FIELDS)}, use_bin_type=True)


def test_a_campaign_round_trips_through_its_store(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    path = store.new_path("ember_road")
    assert path.name.startswith("ember_road-") and path.suffix == ".campaign"
    store.write(path, campaign())
    back = store.load(path)
    original = campaign()
    assert (back.campaign, back.options, back.pool, back.chapter, back.rewards, back.results,
            back.game) == (original.campaign, original.options, original.pool,
                           original.chapter, original.rewards, original.results,
                           original.game)
    assert store.game_path(back) == tmp_path / original.game
    (entry,) = store.list()
    assert entry.summary is not None and entry.summary.game == "ember_road"
    assert entry.summary.meta["title"] == "The Ember Road"


def test_campaigns_and_game_saves_share_a_folder_without_mixing(tmp_path: Path) -> None:
    CampaignStore(tmp_path).write(tmp_path / "c.campaign", campaign())
    SaveStore(tmp_path).write(tmp_path / "g.ascend", sample_save())
    assert [e.path.name for e in CampaignStore(tmp_path).list()] == ["c.campaign"]
    assert [e.path.name for e in SaveStore(tmp_path).list()] == ["g.ascend"]


@pytest.mark.parametrize(("data", "reason"), [
    (b"", "the file is empty"),
    (b"ASCENDC", "the file is truncated (ends after 7 bytes)"),
    (encode(sample_save()), "not an ascend campaign file"),
    (with_fields(format=3), "made by a newer ascend (campaign format 3; this version reads "
                            "up to 2)"),
    (with_fields(chapter=-1), "field 'chapter' is -1, not a chapter of a campaign"),
    (with_fields(chapter=10**6), "not a chapter of a campaign"),
    (with_fields(game="../other-user/their.ascend"),
     "field 'game' should be a file name in the campaign's folder"),
    (with_fields(results=[[0, "yes", 3]]), "field 'results[0]' should be [chapter, won, "
                                           "rounds]"),
    (with_fields(pool=[1, 2]), "field 'pool' should list champion names"),
    (with_fields(campaign=""), "field 'campaign' is empty"),
    (with_fields(meta={"saved_at": "9999-12-31T23:59:59-14:00"}),
     "field 'meta.saved_at' is not a plausible save time"),
], ids=lambda x: "data" if isinstance(x, bytes) else x)  # the bytes hold the time of collection:
# as ids they differed between pytest-xdist's workers, which then refused to run the suite
def test_a_file_that_is_not_a_campaign_is_refused_with_the_reason(data: bytes,
                                                                   reason: str) -> None:
    with pytest.raises(SaveError) as info:
        decode_campaign(data, "c.campaign")
    assert reason in info.value.reason and str(info.value).startswith("c.campaign: ")


def test_an_unreadable_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "c.campaign"
    path.write_bytes(b"ASCENDC\x00 something a newer ascend wrote")
    with pytest.raises(SaveError, match="refusing to overwrite"):
        CampaignStore(tmp_path).write(path, campaign())
    assert path.read_bytes() == b"ASCENDC\x00 something a newer ascend wrote"


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_campaign_file_is_refused_or_reads_back_equal(data: st.DataObject) -> None:
    good = encode_campaign(campaign())
    raw = bytearray(good)
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] ^= 1 << data.draw(st.integers(0, 7))
    cut = data.draw(st.integers(len(raw) // 2, len(raw)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "c.campaign"
        path.write_bytes(bytes(raw[:cut]))
        try:
            back = CampaignStore(Path(tmp)).load(path)
        except SaveError as exc:
            assert "\n" not in str(exc)
            return
    # Only flips that cancel out leave a file that reads: it must be the campaign written.
    assert bytes(raw[:cut]) == good and back.chapter == 2


def format_1_file(**extra: Any) -> bytes:
    """A campaign file as format 1 wrote it: no ``game_name``, checksum over its own fields
    (``extra`` fields added to it, out of place)."""
    top = msgpack.unpackb(encode_campaign(campaign())[len(CAMPAIGN.magic):], raw=False,
                          strict_map_key=False)
    top["format"] = 1
    fields = CAMPAIGN.fields_of(1)
    stored = {k: top[k] for k in fields}
    return CAMPAIGN.magic + msgpack.packb(
        {**stored, **extra, "checksum": checksum_of(stored, fields)}, use_bin_type=True)


def test_the_game_of_a_campaign_round_trips(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    path = store.new_path("solo_campaign")
    store.write(path, campaign(game_name="empires", campaign="solo_campaign", pool=[]))
    back = store.load(path)
    assert (back.game_name, back.campaign, back.pool, back.format) == (
        "empires", "solo_campaign", [], CAMPAIGN_FORMAT)


def test_a_campaign_written_before_games_were_named_is_a_tactics_campaign(
        tmp_path: Path) -> None:
    path = tmp_path / "old.campaign"
    path.write_bytes(format_1_file())
    store = CampaignStore(tmp_path)
    old = store.load(path)
    assert (old.game_name, old.format, old.chapter, old.pool) == (
        FORMAT_1_GAME, 1, 2, campaign().pool)
    store.write(path, old)  # written back in the newest format, its game named
    raw = msgpack.unpackb(path.read_bytes()[len(CAMPAIGN.magic):], raw=False)
    assert (raw["format"], raw["game_name"]) == (CAMPAIGN_FORMAT, "tactics")
    assert store.load(path).results == campaign().results


@pytest.mark.parametrize(("data", "reason"), [
    (format_1_file(game_name="empires"), "unexpected field 'game_name'"),
    (with_fields(game_name="../x"), "field 'game_name' should name a game"),
    (with_fields(game_name=3), "field 'game_name' should be a str"),
], ids=["format-1-named", "path", "number"])
def test_a_game_name_a_file_cannot_hold_is_refused(data: bytes, reason: str) -> None:
    with pytest.raises(SaveError, match=reason):
        decode_campaign(data, "c.campaign")
