"""Frozen records that cost nothing to define: ``@record`` gives what ``@dataclass(frozen=True)``
gives (construction by position or keyword, defaults and factories, ``field(compare=False)``
and ``field(repr=False)``, equality, hashing, ``repr``, ``FrozenInstanceError``) without the
code generation, which costs about half a millisecond a class at import: every record shares
one set of methods. What is worked out from a record is computed, or kept in a field marked as
a cache (``field(default_factory=dict, compare=False, repr=False, metadata={"cache": True})``),
which :func:`replace` does not copy; :func:`make` makes a record without its ``__init__``, for
a class that makes its instances itself (one object per value, as cards are).
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, NoReturn, TypeVar, dataclass_transform

T = TypeVar("T")


class Field(NamedTuple):
    """One field of a record: its name, its metadata (as ``field(metadata=...)`` gave it),
    whether it is part of equality and the hash, and of the repr."""

    name: str
    metadata: Mapping[str, Any]
    compare: bool = True
    shown: bool = True


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen record; fields of a record it extends come first."""
    own: list[Field] = []
    constants: dict[str, Any] = {}  # plain defaults
    factories: dict[str, Callable[[], Any]] = {}  # default factories
    for base in reversed(cls.__mro__[1:]):
        own.extend(base.__dict__.get("__record_fields__", ()))
        constants.update(base.__dict__.get("__record_constants__", {}))
        factories.update(base.__dict__.get("__record_factories__", {}))
    for name in inspect.get_annotations(cls):
        value = cls.__dict__.get(name, dataclasses.MISSING)
        metadata: Mapping[str, Any] = {}
        compare = shown = True
        if name in cls.__dict__:
            delattr(cls, name)
        if isinstance(value, dataclasses.Field):
            metadata, compare, shown = value.metadata, value.compare, bool(value.repr)
            if value.default_factory is not dataclasses.MISSING:
                factories[name] = value.default_factory
                constants.pop(name, None)
            value = value.default
        if value is not dataclasses.MISSING:
            constants[name] = value
            factories.pop(name, None)
        own.append(Field(name, metadata, compare, shown))
    names = tuple(f.name for f in own)
    compared = tuple(f.name for f in own if f.compare)
    values = (
        operator.attrgetter(*compared) if len(compared) > 1 else staticmethod(_single(compared))
    )
    for attribute, value in (
        ("__record_fields__", tuple(own)),
        ("__record_names__", names),
        # The fields a copy takes over; a cache (``field(metadata={"cache": True})``) starts anew.
        ("__record_kept__", tuple(f.name for f in own if not f.metadata.get("cache"))),
        ("__record_shown__", tuple(f.name for f in own if f.shown)),
        ("__record_constants__", constants),
        ("__record_factories__", factories),
        ("__record_known__", frozenset(names)),
        ("__record_required__", frozenset(names) - constants.keys() - factories.keys()),
        # Every field in order, with its plain default (None until given or made).
        ("__record_template__", {n: constants.get(n) for n in names}),
        ("__record_values__", values),
        ("__match_args__", names),
        # A class may make its instances itself (writing ``self.__dict__``, as _init does).
        ("__init__", cls.__dict__.get("__init__", _init)),
        ("__repr__", _repr),
        # A class may compare and hash its instances itself (by identity, say).
        ("__eq__", cls.__dict__.get("__eq__", _eq)),
        ("__hash__", cls.__dict__.get("__hash__", _hash)),
        ("__setattr__", _setattr),
        ("__delattr__", _delattr),
    ):
        type.__setattr__(cls, attribute, value)
    return cls


def fields(cls: type) -> tuple[Field, ...]:
    """The fields of a record class, in order."""
    found: tuple[Field, ...] = cls.__dict__["__record_fields__"]
    return found


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    names: tuple[str, ...] = self.__record_names__
    if not kwargs and len(args) == len(names):
        self.__dict__.update(zip(names, args))  # noqa: B905 (lengths are equal)
        return
    if not args:  # by keyword alone, as records are made from parsed data
        if kwargs.keys() <= self.__record_known__ and self.__record_required__ <= kwargs.keys():
            _fill(self, kwargs)
            return
        _refuse(self, args, kwargs)
    given = dict(zip(names, args))  # noqa: B905 (more arguments than fields are refused)
    if (
        len(args) > len(names)
        or not kwargs.keys() <= self.__record_known__
        or given.keys() & kwargs.keys()
        or not self.__record_required__ <= given.keys() | kwargs.keys()
    ):
        _refuse(self, args, kwargs)
    given.update(kwargs)
    _fill(self, given)


def _fill(record: Any, given: dict[str, Any]) -> None:
    """Set every field: those ``given``, the others from their defaults and factories."""
    out = record.__record_template__.copy()
    out.update(given)
    for n, make in record.__record_factories__.items():
        if n not in given:
            out[n] = make()
    record.__dict__.update(out)


def _refuse(record: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> NoReturn:
    """Raise the TypeError a dataclass raises for arguments that do not fit its fields."""
    name, names = type(record).__name__, record.__record_names__
    if len(args) > len(names):
        raise TypeError(f"{name}() takes {len(names)} arguments but {len(args)} were given")
    given = set(names[: len(args)])
    for key in kwargs:
        if key not in names:
            raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
        if key in given:
            raise TypeError(f"{name}() got multiple values for argument {key!r}")
        given.add(key)
    missing = [n for n in names if n not in given and n in record.__record_required__]
    raise TypeError(f"{name}() missing required argument(s): {', '.join(missing)}")


def _single(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The field values of a record of one field (or none) as a tuple."""
    return lambda obj: tuple(getattr(obj, n) for n in names)


def _repr(self: Any) -> str:
    shown = ", ".join(f"{n}={self.__dict__[n]!r}" for n in self.__record_shown__)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = self.__record_values__
    return values(self) == values(other)


def _hash(self: Any) -> int:
    return hash(self.__record_values__(self))


def _setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def make(cls: type[T], **values: Any) -> T:
    """A record of ``cls`` with every one of its fields given in ``values``, made without
    calling the class's ``__init__``: for a class that makes its instances itself in
    ``__new__`` (one object per value)."""
    names: tuple[str, ...] = getattr(cls, "__record_names__")  # noqa: B009
    if set(values) != set(names):
        raise TypeError(f"{cls.__name__}: give every field ({', '.join(names)})")
    made = object.__new__(cls)
    made.__dict__.update(values)
    return made


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a record (or a dataclass instance) with ``changes``, as ``dataclasses.replace``."""
    if dataclasses.is_dataclass(obj):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    kept = type(obj).__dict__["__record_kept__"]
    values = {name: obj.__dict__[name] for name in kept}
    unknown = set(changes) - set(values)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return type(obj)(**{**values, **changes})
