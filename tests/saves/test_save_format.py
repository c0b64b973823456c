"""The save file format: round trips, and refusing every kind of bad file with SaveError."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save_samples import MAGIC, raw_checksum, raw_file, sample_save, stored_fields

from core.contract import Action
from core.record import GameRecord
from saves.format import (
    FORMAT_VERSION,
    MAX_ARRAY_LEN,
    MAX_DEPTH,
    MAX_FILE_SIZE,
    MAX_ITEMS,
    SaveError,
    SaveFile,
    decode,
    encode,
)

PATH = "/saves/test-game.ascend"
VALID = encode(sample_save())


def refused(data: bytes) -> SaveError:
    with pytest.raises(SaveError) as info:
        decode(data, PATH)
    assert info.value.path == PATH
    assert str(info.value) == f"{PATH}: {info.value.reason}"
    assert "\n" not in str(info.value)
    return info.value


def test_round_trip_keeps_every_field_and_nested_snapshot() -> None:
    save = sample_save()
    data = encode(save)
    assert data.startswith(MAGIC)
    back = decode(data, PATH)
    assert back == save
    assert back.snapshot["seats"][0]["hand"] == [1, 2, 3]
    assert back.snapshot[7] == "an int key"
    assert back.snapshot["row"][4] == b"\x00\xff"
    assert all(type(a) is Action for a in back.actions)
    assert back.actions[1] == Action("pass", -1, 0)


def test_encoding_is_deterministic_and_matches_the_documented_layout() -> None:
    save = sample_save()
    assert encode(save) == encode(sample_save())
    assert encode(save) == raw_file(stored_fields(save))
    top = msgpack.unpackb(encode(save)[len(MAGIC) :], raw=False, strict_map_key=False)
    assert list(top) == [*stored_fields(save), "checksum"]
    assert top["checksum"] == raw_checksum(stored_fields(save))


def test_decode_accepts_short_actions_and_pads_them() -> None:
    stored = stored_fields(sample_save())
    stored["actions"] = [["pass"], ["buy", 4], ["banish", 1, 2]]
    back = decode(raw_file(stored), PATH)
    assert back.actions == [Action("pass", -1, 0), Action("buy", 4, 0), Action("banish", 1, 2)]


def test_record_rebuilds_the_game_record() -> None:
    save = sample_save()
    record = save.record()
    assert record == GameRecord(
        game="ascension",
        options=save.options,
        seed=save.seed,
        actions=save.actions,
        checksums=save.checksums,
    )
    record.actions.append(Action("pass"))
    assert len(save.actions) == 3


def test_save_error_is_one_line_and_survives_pickling() -> None:
    err = SaveError("/x.ascend", "not an ascend save file")
    assert str(err) == "/x.ascend: not an ascend save file"
    again = pickle.loads(pickle.dumps(err))
    assert (again.path, again.reason, str(again)) == (err.path, err.reason, str(err))


def test_every_truncation_is_refused_naming_the_path() -> None:
    for n in range(len(VALID)):
        err = refused(VALID[:n])
        if n == 0:
            assert err.reason == "the file is empty"
        else:
            assert err.reason == f"the file is truncated (ends after {n} bytes)", n


def test_trailing_bytes_are_refused() -> None:
    err = refused(VALID + b"\x00")
    assert "1 unexpected bytes after the save data" in err.reason


def test_a_file_without_the_magic_is_not_a_save() -> None:
    assert refused(b"PK\x03\x04 a zip file").reason == "not an ascend save file"
    assert refused(VALID[len(MAGIC) :]).reason == "not an ascend save file"


def test_every_single_byte_flip_is_refused() -> None:
    for i in range(len(VALID)):
        damaged = bytearray(VALID)
        damaged[i] ^= 0x01
        refused(bytes(damaged))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_changed_byte_is_refused(data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(VALID) - 1))
    mask = data.draw(st.integers(1, 255))
    damaged = bytearray(VALID)
    damaged[i] ^= mask
    refused(bytes(damaged))


def test_a_changed_value_is_reported_as_a_checksum_mismatch() -> None:
    # The seat name "Ana" in the snapshot becomes "Anb": still valid msgpack and types.
    i = VALID.index(b"\xa3Ana") + 3
    damaged = VALID[:i] + b"b" + VALID[i + 1 :]
    assert refused(damaged).reason == "the checksum does not match; the file is damaged"


def test_a_value_spelled_differently_is_refused() -> None:
    # 12345 as int16 instead of uint16 decodes to the same value but is not what we write.
    i = VALID.index(b"\xcd\x30\x39")
    damaged = VALID[:i] + b"\xd1" + VALID[i + 1 :]
    assert "not in the form ascend writes" in refused(damaged).reason


def test_a_newer_format_is_refused_naming_both_versions() -> None:
    err = refused(encode(sample_save(format=3)))
    assert err.reason == (
        f"made by a newer ascend (save format 3; this version reads up to {FORMAT_VERSION})"
    )


def test_a_newer_format_is_named_even_if_its_fields_are_unknown() -> None:
    data = MAGIC + msgpack.packb({"format": 7, "world": [1, 2]})
    assert "save format 7" in refused(data).reason


def test_format_zero_and_negative_are_refused() -> None:
    assert "unknown save format 0" in refused(encode(sample_save(format=0))).reason
    assert "unknown save format -1" in refused(encode(sample_save(format=-1))).reason


@pytest.mark.parametrize(
    "payload",
    [
        pytest.param(b"\xdf\x80\x00\x00\x00", id="map claiming 2**31 entries"),
        pytest.param(b"\xdd\x80\x00\x00\x00", id="array claiming 2**31 items"),
        pytest.param(b"\xdb\xff\xff\xff\xff" + b"x" * 64, id="str claiming 4 GiB"),
        pytest.param(b"\xc6\xff\xff\xff\xff" + b"x" * 64, id="bin claiming 4 GiB"),
        pytest.param(b"\xc9\xff\xff\xff\xff\x05" + b"x" * 64, id="ext claiming 4 GiB"),
        pytest.param(b"\xd7\xff" + b"\x00" * 8, id="timestamp ext"),
        pytest.param(b"\x91" * 5000 + b"\x00", id="nested 5000 deep"),
        pytest.param(b"\xc1", id="never-used byte"),
        pytest.param(b"\x81\x91\x01\x02", id="list as a map key"),
        pytest.param(b"\xa2\xff\xfe", id="invalid utf-8"),
        pytest.param(b"\x92\x01\x02", id="list at the top"),
        pytest.param(b"\x80", id="empty map"),
    ],
)
def test_hostile_payloads_are_refused(payload: bytes) -> None:
    refused(MAGIC + payload)


def test_a_file_over_the_size_limit_is_refused_before_parsing() -> None:
    err = refused(MAGIC + b"\x00" * MAX_FILE_SIZE)
    assert "too large" in err.reason


def many(item: bytes, total: int) -> bytes:
    """A list of lists holding ``total`` copies of ``item``, each list under the length
    limit, so only the count of values can refuse it."""
    per = MAX_ARRAY_LEN - 1
    lists = -(-total // per)
    out = b"\xdc" + lists.to_bytes(2, "big")
    for i in range(lists):
        n = min(per, total - i * per)
        out += b"\xdd" + n.to_bytes(4, "big") + item * n
    return out


def test_hundreds_of_thousands_of_tiny_containers_are_refused() -> None:
    err = refused(MAGIC + many(b"\x90", MAX_ITEMS // 2 + 1))
    assert f"more than {MAX_ITEMS} values" in err.reason


def test_hundreds_of_thousands_of_scalars_are_refused() -> None:
    # One byte each in the file, tens of bytes each in Python: counted like containers.
    err = refused(MAGIC + many(b"\xa0", MAX_ITEMS + 1))
    assert f"more than {MAX_ITEMS} values" in err.reason


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def with_field(name: str, value: Any) -> bytes:
    stored = stored_fields(sample_save())
    stored[name] = value
    return raw_file(stored)


def with_meta(**changes: Any) -> bytes:
    meta: dict[str, Any] = {**sample_save().meta, **changes}
    return with_field("meta", {k: v for k, v in meta.items() if v is not DROP})


DROP = object()

WRONG_FIELDS: list[tuple[str, Any, str]] = [
    ("format", "1", "field 'format' should be an int, not str"),
    ("format", True, "field 'format' should be an int, not bool"),
    ("app_version", 1, "field 'app_version' should be a str, not int"),
    ("game", ["ascension"], "field 'game' should be a str, not list"),
    ("game", "", "field 'game' is empty"),
    ("options", [], "field 'options' should be a map, not list"),
    ("options", {5: "x"}, "field 'options key' should be a str, not int"),
    ("seed", "42", "field 'seed' should be an int, not str"),
    ("seed", True, "field 'seed' should be an int, not bool"),
    ("seed", 1.5, "field 'seed' should be an int, not float"),
    ("seed", None, "field 'seed' should be an int, not nil"),
    ("actions", "buy", "field 'actions' should be a list, not str"),
    ("actions", {"0": ["buy"]}, "field 'actions' should be a list, not map"),
    ("actions", ["buy"], "field 'actions[0]' should be a list [kind, card, option], not str"),
    ("actions", [[]], "field 'actions[0]' has 0 elements; an action has 1 to 3"),
    ("actions", [["buy", 1, 2, 3]], "field 'actions[0]' has 4 elements; an action has 1 to 3"),
    ("actions", [[5, 1, 0]], "field 'actions[0].kind' should be a str, not int"),
    ("actions", [["buy", "1"]], "field 'actions[0].card' should be an int, not str"),
    ("actions", msgpack.ExtType(1, b""), "field 'actions' holds a msgpack extension"),
    ("actions", [["buy", False, 0]], "field 'actions[0].card' should be an int, not bool"),
    ("actions", [["buy", 1, None]], "field 'actions[0].option' should be an int, not nil"),
    ("checksums", {}, "field 'checksums' should be a list, not map"),
    ("checksums", [1, "2", 3], "field 'checksums[1]' should be an int, not str"),
    ("checksums", [1, 2, 3, 4], "field 'checksums' has 4 entries for 3 actions"),
    ("snapshot", {1.5: "x"}, "field 'snapshot' has a float key; keys are str or int"),
    ("snapshot", [msgpack.ExtType(5, b"")], "field 'snapshot[0]' holds a msgpack extension"),
    ("snapshot", {"a": nested(MAX_DEPTH + 5)}, f"nested more than {MAX_DEPTH} levels deep"),
    ("meta", "x", "field 'meta' should be a map, not str"),
]


@pytest.mark.parametrize(("name", "value", "message"), WRONG_FIELDS)
def test_a_field_of_the_wrong_type_is_refused(name: str, value: Any, message: str) -> None:
    assert message in refused(with_field(name, value)).reason


WRONG_META: list[tuple[dict[str, Any], str]] = [
    ({"players": DROP}, "field 'meta.players' is missing"),
    ({"turn": DROP}, "field 'meta.turn' is missing"),
    ({"saved_at": DROP}, "field 'meta.saved_at' is missing"),
    ({"players": "Ana"}, "field 'meta.players' should be a list, not str"),
    ({"players": ["Ana", 2]}, "field 'meta.players[1]' should be a str, not int"),
    ({"turn": "3"}, "field 'meta.turn' should be an int, not str"),
    ({"saved_at": 1732888501}, "field 'meta.saved_at' should be a str, not int"),
    ({"saved_at": "last friday"}, "field 'meta.saved_at' is not an ISO date and time"),
    ({"notes": ["a", "b"]}, "field 'meta.notes' should be a str or an int, not list"),
    ({"rated": True}, "field 'meta.rated' should be a str or an int, not bool"),
]


@pytest.mark.parametrize(("changes", "message"), WRONG_META)
def test_meta_of_the_wrong_shape_is_refused(changes: dict[str, Any], message: str) -> None:
    assert message in refused(with_meta(**changes)).reason


def test_missing_and_unexpected_fields_are_refused() -> None:
    stored = stored_fields(sample_save())
    del stored["snapshot"]
    assert refused(raw_file(stored)).reason == "field 'snapshot' is missing"

    stored = stored_fields(sample_save())
    stored["cheats"] = True
    assert refused(raw_file(stored)).reason == "unexpected field 'cheats'"

    stored = stored_fields(sample_save())
    data = MAGIC + msgpack.packb(stored, use_bin_type=True)
    assert refused(data).reason == "field 'checksum' is missing"


def test_a_checksum_of_the_wrong_type_is_refused() -> None:
    data = raw_file(stored_fields(sample_save()), checksum="ok")
    assert refused(data).reason == "field 'checksum' should be an int, not str"


def test_a_wrong_checksum_is_refused() -> None:
    stored = stored_fields(sample_save())
    data = raw_file(stored, checksum=raw_checksum(stored) ^ 1)
    assert refused(data).reason == "the checksum does not match; the file is damaged"


def test_ints_at_the_64_bit_edges_round_trip() -> None:
    save = sample_save(seed=2**64 - 1, checksums=[-(2**63), 0, 2**64 - 1])
    assert decode(encode(save), PATH) == save


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": 2**64}, "int outside 64 bits"),
        ({"seed": -(2**63) - 1}, "int outside 64 bits"),
        ({"snapshot": {"cards": {1, 2}}}, "holds a set"),
        ({"snapshot": {(1, 2): "x"}}, "has a list key"),
        ({"meta": {"players": [], "turn": 0}}, "field 'meta.saved_at' is missing"),
        ({"actions": [("buy", "seven")]}, "field 'actions[0].card' should be an int, not str"),
    ],
)
def test_encode_refuses_what_it_could_not_read_back(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="cannot save") as info:
        encode(sample_save(**changes))
    assert message in str(info.value)


def test_encode_pads_short_action_tuples() -> None:
    save = sample_save(actions=[("pass",), ("buy", 3)], checksums=[])
    back = decode(encode(save), PATH)
    assert back.actions == [Action("pass", -1, 0), Action("buy", 3, 0)]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_are_refused(data: bytes) -> None:
    refused(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_after_the_magic_are_refused(data: bytes) -> None:
    refused(MAGIC + data)


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(0, len(VALID)),
    length=st.integers(0, 16),
    insert=st.binary(max_size=16),
)
def test_spliced_files_are_refused_or_unchanged(start: int, length: int, insert: bytes) -> None:
    mutated = VALID[:start] + insert + VALID[start + length :]
    if mutated == VALID:
        assert decode(mutated, PATH) == sample_save()
    else:
        refused(mutated)


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**64 - 1)
        | st.floats(allow_nan=False)
        | st.text(max_size=8)
        | st.binary(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.text(max_size=4) | st.integers(-5, 5), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_any_plain_snapshot_round_trips(snapshot: Any) -> None:
    save: SaveFile = dataclasses.replace(sample_save(), snapshot=snapshot)
    assert decode(encode(save), PATH) == save
