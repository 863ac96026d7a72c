"""Frozen records behave as frozen dataclasses do (they stand in for them in the schema)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import field

import pytest

from canasta_score.core.frozen import fields, record


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: str = "x"
    c: list[int] = field(default_factory=list)


@record
class Rec:
    """A record like Plain."""

    a: int
    b: str = "x"
    c: list[int] = field(default_factory=list, metadata={"text": "the c"})


@record
class Sub(Rec):
    d: int = 4


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "y"), {}), ((1, "y", [2]), {}), ((), {"a": 1, "c": [3]}), ((1,), {"b": "z"})],
)
def test_construction_and_repr_match_a_frozen_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    mine, theirs = Rec(*args, **kwargs), Plain(*args, **kwargs)  # type: ignore[arg-type]
    assert repr(mine).replace("Rec", "Plain") == repr(theirs)
    assert (mine.a, mine.b, mine.c) == (theirs.a, theirs.b, theirs.c)


def test_each_instance_gets_its_own_default_from_a_factory() -> None:
    assert Rec(1).c is not Rec(1).c


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((1, "y", [], 4), {}), ((1,), {"a": 2}), ((1,), {"z": 0})],
)
def test_bad_construction_is_a_type_error_as_for_a_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    with pytest.raises(TypeError):
        Plain(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Rec(*args, **kwargs)  # type: ignore[arg-type]


def test_equality_and_hash_go_by_field_values_and_class() -> None:
    assert Rec(1, "y") == Rec(1, "y") and Rec(1) != Rec(2)
    assert Rec(1) != Sub(1) and Rec(1) != Plain(1)  # type: ignore[comparison-overlap]
    assert Sub(1, d=5) == Sub(1, "x", [], 5)
    with pytest.raises(TypeError):
        hash(Rec(1))  # a list field is unhashable, as in a dataclass
    assert len({Sub(1, "a", d=2).d, Sub(1, "a", d=2).d}) == 1


def test_assignment_and_deletion_are_refused() -> None:
    rec = Rec(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec.a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del rec.a


def test_fields_keep_order_and_metadata_and_inherit() -> None:
    assert [f.name for f in fields(Sub)] == ["a", "b", "c", "d"]
    assert fields(Rec)[2].metadata["text"] == "the c"


def test_records_survive_pickling() -> None:
    rec = Sub(1, "y", [2], 3)
    assert pickle.loads(pickle.dumps(rec)) == rec


@record
class Counted:
    """A record that makes its instances itself, with a field left out of equality and repr."""

    cards: tuple[int, ...]
    total: int = field(default=0, repr=False, compare=False)

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.__dict__.update(cards=cards, total=sum(cards))


def test_a_record_may_make_its_instances_itself() -> None:
    counted = Counted((1, 2, 3))
    assert counted.total == 6
    with pytest.raises(dataclasses.FrozenInstanceError):
        counted.total = 7  # type: ignore[misc]


def test_fields_out_of_comparison_and_repr_are_left_out_as_in_a_dataclass() -> None:
    @dataclasses.dataclass(frozen=True)
    class Like:
        cards: tuple[int, ...]
        total: int = field(default=0, repr=False, compare=False)

    a, b = Counted((1, 2)), Counted((1, 2))
    object.__setattr__(b, "total", 99)
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "Counted(cards=(1, 2))"
    assert repr(Like((1, 2))).endswith("Like(cards=(1, 2))")


def test_replace_copies_a_record_with_changes_as_for_a_dataclass() -> None:
    from canasta_score.core.frozen import replace

    assert replace(Rec(1, "y"), b="z") == Rec(1, "z")
    assert replace(Plain(1), b="z") == Plain(1, "z")
    with pytest.raises(TypeError, match="'e'"):
        replace(Rec(1), e=2)


def test_keyword_construction_takes_defaults_and_factories_and_names_what_is_missing() -> None:
    """Made by keyword: a plain default is shared as given, a factory makes a new value each
    time, fields keep their order, and a missing or unknown field is named."""

    @record
    class Sample:
        name: str
        count: int = 3
        tags: list[str] = field(default_factory=list)

    first, second = Sample(name="a"), Sample(name="b", count=5)
    assert (first.name, first.count, first.tags) == ("a", 3, [])
    assert (second.count, second.tags) == (5, [])
    assert first.tags is not second.tags
    assert list(vars(Sample(count=1, name="c"))) == ["name", "count", "tags"]
    with pytest.raises(TypeError, match="name"):
        Sample(count=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="colour"):
        Sample(name="d", colour="red")  # type: ignore[call-arg]


@record
class Worked:
    """A record with a cache of what is worked out from it."""

    a: int
    kept: dict[str, int] = field(
        default_factory=dict, compare=False, repr=False, metadata={"cache": True}
    )


def test_a_cache_field_is_not_part_of_equality_and_a_copy_starts_it_anew() -> None:
    from canasta_score.core.frozen import replace

    one = Worked(1)
    one.kept["double"] = 2
    assert one == Worked(1) and repr(one) == "Worked(a=1)"
    copy = replace(one, a=5)
    assert copy.kept == {} and one.kept == {"double": 2}


def test_make_gives_every_field_without_the_init_and_refuses_a_missing_one() -> None:
    from canasta_score.core.frozen import make

    made = make(Rec, a=1, b="y", c=[2])
    assert made == Rec(1, "y", [2])
    with pytest.raises(TypeError):
        make(Rec, a=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]


def test_no_record_below_the_command_line_writes_its_own_fields() -> None:
    """Only the record machinery itself writes a record's ``__dict__``; nothing below the
    command line keeps a value by ``functools.cached_property`` either (which writes the
    instance's ``__dict__``): a derived value is computed, or kept in a cache field."""
    from pathlib import Path

    package = Path(__file__).parent.parent / "canasta_score"
    writing = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.parts[-2] != "cli"
        and path.name != "frozen.py"
        and any(word in path.read_text("utf-8") for word in ("__dict__", "cached_property"))
    ]
    assert writing == []
