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
from typing import Any, NamedTuple, TypeVar, dataclass_transform

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
    defaults: dict[str, Callable[[], Any]] = {}
    for base in reversed(cls.__mro__[1:]):
        own.extend(base.__dict__.get("__record_fields__", ()))
        defaults.update(base.__dict__.get("__record_defaults__", {}))
    for name in inspect.get_annotations(cls):
        value = cls.__dict__.get(name, dataclasses.MISSING)
        metadata: Mapping[str, Any] = {}
        compare = shown = True
        if isinstance(value, dataclasses.Field):
            metadata, compare, shown = value.metadata, value.compare, bool(value.repr)
            if value.default is not dataclasses.MISSING:
                defaults[name] = _Constant(value.default)
            elif value.default_factory is not dataclasses.MISSING:
                defaults[name] = value.default_factory
        elif value is not dataclasses.MISSING:
            defaults[name] = _Constant(value)
        if value is not dataclasses.MISSING:
            delattr(cls, name)
        own.append(Field(name, metadata, compare, shown))
    names = tuple(f.name for f in own)
    factories = {n: made for n, made in defaults.items() if not isinstance(made, _Constant)}
    # Every field in order, with its plain default (None until given or made by its factory).
    template = {n: getattr(defaults.get(n), "constant", None) for n in names}
    compared = tuple(f.name for f in own if f.compare)
    values = (
        operator.attrgetter(*compared) if len(compared) > 1 else staticmethod(_single(compared))
    )
    # For each count of positional arguments that leaves only defaulted fields: their makers.
    tails = {
        count: tuple((n, defaults[n]) for n in names[count:])
        for count in range(len(names))
        if all(n in defaults for n in names[count:])
    }
    for attribute, value in (
        ("__record_fields__", tuple(own)),
        ("__record_names__", names),
        # The fields a copy takes over; a cache (``field(metadata={"cache": True})``) starts anew.
        ("__record_kept__", tuple(f.name for f in own if not f.metadata.get("cache"))),
        ("__record_shown__", tuple(f.name for f in own if f.shown)),
        ("__record_defaults__", defaults),
        ("__record_known__", frozenset(names)),
        # For construction by keyword (_init): the fields without a default, the plain
        # defaults in place, and the default factories.
        ("__record_required__", frozenset(n for n in names if n not in defaults)),
        ("__record_template__", template),
        ("__record_factories__", factories),
        ("__record_values__", values),
        ("__record_tails__", tails),
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


class _Constant:
    """A default value given as it is, made by calling (as a default factory is)."""

    __slots__ = ("constant",)

    def __init__(self, value: Any) -> None:
        self.constant = value

    def __call__(self) -> Any:
        return self.constant


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    names: tuple[str, ...] = self.__record_names__
    if not kwargs:
        if len(args) == len(names):
            self.__dict__.update(zip(names, args))  # noqa: B905 (lengths are equal)
            return
        tail = self.__record_tails__.get(len(args))
        if tail is not None:
            self.__dict__.update(zip(names, args))  # noqa: B905 (args is the shorter)
            self.__dict__.update({n: make() for n, make in tail})
            return
    elif not args and self.__record_required__ <= kwargs.keys() <= self.__record_known__:
        out = self.__record_template__.copy()
        out.update(kwargs)
        for n, make in self.__record_factories__.items():
            if n not in kwargs:
                out[n] = make()
        self.__dict__.update(out)
        return
    defaults: dict[str, Callable[[], Any]] = self.__record_defaults__
    name = type(self).__name__
    if len(args) > len(names):
        raise TypeError(f"{name}() takes {len(names)} arguments but {len(args)} were given")
    values = dict(zip(names, args, strict=False))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
        if key in values:
            raise TypeError(f"{name}() got multiple values for argument {key!r}")
        values[key] = value
    missing = [n for n in names if n not in values and n not in defaults]
    if missing:
        raise TypeError(f"{name}() missing required argument(s): {', '.join(missing)}")
    self.__dict__.update({n: values[n] if n in values else defaults[n]() for n in names})


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
    """A copy of a record (or a dataclass instance) with ``changes``, as ``dataclasses.replace``
    makes one."""
    if dataclasses.is_dataclass(obj):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    kept = type(obj).__dict__["__record_kept__"]
    values = {name: obj.__dict__[name] for name in kept}
    unknown = set(changes) - set(values)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return type(obj)(**{**values, **changes})
