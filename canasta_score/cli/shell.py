"""The play session's commands, one line each (``DISPATCH``): parsing, dispatch and completion
(:mod:`canasta_score.cli.play` reads the lines). A command that fails says why and changes
nothing; the session goes on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from canasta_score.cli.common import warning
from canasta_score.core.errors import CanastaError, InputError
from canasta_score.core.language import N_, _
from canasta_score.hands.entry import PLAY_ITEMS, play_said, play_word

if TYPE_CHECKING:
    from canasta_score.cli.asking import Dialogue
    from canasta_score.games.game import Shortfall
    from canasta_score.games.store import Ref, Store
    from canasta_score.games.summary import Summary
    from canasta_score.judging.checks import Check, Option
    from canasta_score.judging.judge import Ruling

HELP = N_("""\
Commands (a unique beginning will do, e.g. "st" for status):
  hand                       record the next hand, answering the questions
  hand us: 285 melded, 1 nat, out; them: 95 melded, 70 left
                             record the next hand in the quick form, one line; a hand
                             that ends the game is saved only on a yes (--yes: no question)
  edit N [quick form]        replace hand N (every later hand is scored again)
  undo                       remove the last hand (redo puts it back); --yes: no question
  redo                       put back the hand undo removed, until a new hand is entered
  meld K K 2                 is this meld legal under the game's rules? Each ruling also
                             takes its check command's options (--initial, --to K K K)
  pickup KD {with} KS KH 5C {by} us {unopened}
                             may the pile be taken? "{by} SIDE" uses that side's score for
                             its initial meld; "{frozen}" if the pile is frozen
  discard KC {with} AS 7D KC JK --pile-empty
                             may this card be discarded?
  initial 7 7 7 / A A JK {by} us
                             do these melds, laid together, make the side's initial meld?
  min us                     the side's initial-meld minimum for the next hand
  go-out Q Q Q Q Q Q Q / K K K {discard} 5C
                             may the side go out with these melds (separated by /)?
  go-out Q Q Q Q Q Q Q / 8 8 8 --hand 8 5 5 5 2 9
                             can this hand be melded away on the side's melds, and how?
  status                     the score sheet, next minimums and dealer
  history                    every hand with each side's minimum
  help                       this list
  quit                       leave (Ctrl-D too); Ctrl-C cancels only what is being entered""")


def play_help() -> str:
    """The list of the commands, its examples with the ruling words of the language in use
    (``pickup KD 손 KS KH 5C 팀 우리 첫멜드전`` in Korean)."""
    return _(HELP).format(**{key: play_said(key) for key in PLAY_ITEMS})


# The commands that ask for a ruling (each is the check command of the same options).
RULINGS = ("meld", "pickup", "discard", "initial", "min", "go-out")
# Each command's Korean name (docs/ko/glossary.md), read in every language.
KOREAN = {
    "판": "hand",
    "핸드": "hand",
    "수정": "edit",
    "취소": "undo",
    "다시": "redo",
    "멜드": "meld",
    "더미": "pickup",
    "버리기": "discard",
    "첫멜드": "initial",
    "최소": "min",
    "나가기": "go-out",
    "상태": "status",
    "기록": "history",
    "도움말": "help",
    "종료": "quit",
}
ALIASES = {"exit": "quit", "q": "quit", "?": "help", "goout": "go-out", "sheet": "status", **KOREAN}
CARD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
QUICK_WORDS = (
    *("melded", "nat", "mix", "red", "black", "left", "out", "conc", "natural", "mixed"),
    *("멜드", "내추럴", "믹스드", "빨간", "레드", "블랙", "검은", "남은", "나감", "숨은"),
)


class Quit(Exception):
    """The scorekeeper asked to leave the session."""


def command_of(word: str) -> str:
    """The command a typed word names: itself, an alias, or a unique beginning of its name or
    of its Korean name (Hangul composed or not)."""
    from canasta_score.rules.kinds import plain

    low = plain(word)
    if low in DISPATCH:
        return low
    if low in ALIASES:
        return ALIASES[low]
    korean = {command for name, command in KOREAN.items() if name.startswith(low)}
    found = [c for c in DISPATCH if c.startswith(low) or c in korean]
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(
            _('"{word}" could be {choices}; write more of it').format(
                word=word, choices=_(" or ").join(found)
            )
        )
    raise InputError(_('"{word}" is not a command here; type help for the list').format(word=word))


@dataclass
class Session:
    """One game's session: ``say`` shows an answer, ``dialogue`` asks the hand's questions."""

    store: Store
    path: Ref
    dialogue: Dialogue
    say: Callable[[str], None]
    colour: bool = False
    # On a terminal a hand that ends the game, and undo, are asked about first; a script
    # (``asking`` false) gives --yes instead (``yes``: the session's --yes, for every line).
    asking: bool = False
    yes: bool = False

    # -------------------------------------------------------------- the line

    def run(self, line: str) -> bool:
        """Carry out one line; returns whether it did what it said. Raises :class:`Quit`."""
        from canasta_score.cli.asking import Left

        word, _space, rest = line.strip().partition(" ")
        if not word:
            return True
        try:
            DISPATCH[command_of(word)](self, rest.strip())
        except Left as exc:
            self.say(_("Cancelled: {problem}.").format(problem=exc))
            return False
        except CanastaError as exc:
            self.say(f"Error: {exc}")
            return False
        return True

    # -------------------------------------------------------------- reading the game

    def summary(self) -> Summary:
        return self.store.summary(self.path)

    def sheet(self) -> str:
        from canasta_score.cli import sheet

        return sheet.status(self.summary())

    # -------------------------------------------------------------- commands

    def do_quit(self, _rest: str) -> None:
        raise Quit

    def do_help(self, _rest: str) -> None:
        self.say(play_help())

    def do_status(self, _rest: str) -> None:
        self.say(self.sheet())

    def do_history(self, _rest: str) -> None:
        from canasta_score.cli import sheet

        self.say(sheet.history(self.summary()))

    def do_hand(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.cli.game import next_hand

        rest, yes = self.said_yes(rest)
        self.store.writable(self.path)
        quick = [rest] if rest else []
        done, asked, shown = next_hand(
            self.store, self.path, quick, self.dialogue, confirm=self.asking, say=self.say, yes=yes
        )
        if not asked:
            self.warn(done.doubts)
        self.say(sheet.played(done.played, done.summary, breakdown=not (asked or shown)))

    def warn(self, doubts: tuple[Shortfall, ...]) -> None:
        """Each shortfall of a hand entered in one line, as the ``hand`` and ``edit`` commands
        warn of it (the questions have shown it already when they were asked)."""
        for doubt in doubts:
            self.tell(warning(doubt), _("warning:"), "yellow")

    def said_yes(self, rest: str) -> tuple[str, bool]:
        """The line without a last ``--yes`` (or ``-y``), and whether it or the session said yes."""
        words = rest.split()
        if words and words[-1] in ("--yes", "-y"):
            return rest[: rest.rfind(words[-1])].strip(), True
        return rest, self.yes

    def do_edit(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.cli.game import edit_hand

        first, _space, quick = rest.partition(" ")
        if not (first.isascii() and first.isdigit()):  # "²" is a digit int() refuses
            raise InputError(_('give the hand to replace, e.g. "edit 3"'))
        self.store.writable(self.path)
        given = [quick.strip()] if quick.strip() else []
        done, asked, own, later = edit_hand(self.store, self.path, int(first), given, self.dialogue)
        if not asked:
            self.warn(own)
        self.say(sheet.change(done, later))

    def do_undo(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.cli.game import undo_last

        rest, yes = self.said_yes(rest)
        if rest:
            raise InputError(_('undo takes no more than --yes, not "{rest}"').format(rest=rest))
        dialogue = self.dialogue if self.asking and not yes else None
        self.say(sheet.undone(undo_last(self.store, self.path, dialogue)))

    def do_redo(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.games import scorekeeper

        if rest:
            raise InputError(_('redo takes nothing more, not "{rest}"').format(rest=rest))
        done = scorekeeper.redo(self.store, self.path)
        self.say(sheet.played(done.played, done.summary, breakdown=True))

    def show(self, ruling: Ruling, title: str = "") -> None:
        from canasta_score.cli.common import ruling_text, verdict

        self.tell(ruling_text(ruling, title), verdict(ruling), "green" if ruling.legal else "red")

    def tell(self, text: str, lead: str, colour: str) -> None:
        """Say ``text``, its first word ``lead`` in ``colour`` on a terminal."""
        if not self.colour:
            self.say(text)
            return
        from canasta_score.cli.colour import echo

        echo(text, lead, colour, True)

    # -------------------------------------------------------------- rulings
    #
    # Each ruling is the check command's own: its options (written as on the command line,
    # a card option taking the words up to the next option) and the same library call,
    # Check.answer, rendered as the command renders it. The game gives the ruleset, and a
    # side named (--side, or "by SIDE") gives its score and the next hand's number.

    def do_meld(self, rest: str) -> None:
        raw, words = self.request("meld", rest)
        fill(raw, ("cards",), (words,))
        if not raw.get("cards"):
            raise InputError(_('give the meld\'s cards, e.g. "meld K K 2"'))
        self.show(self.rule("meld", raw)[0], " ".join(raw["cards"].split()))

    def do_pickup(self, rest: str) -> None:
        raw, words = self.request("pickup", rest)
        said = [play_word(w) or "" for w in words]
        raw.update(FLAG_WORDS[s] for s in said if s in FLAG_WORDS)
        words = [w for w, s in zip(words, said, strict=True) if s not in FLAG_WORDS]
        fill(raw, ("top", "hand", "side"), split_words(words, ("with",), ("by",)))
        if not raw.get("top") or not raw.get("hand"):
            raise InputError(_('say the top card and the hand, e.g. "pickup KD with KS KH 5C"'))
        needed = raw.get("opened") is False
        ruling, side_name, score = self.rule("pickup", raw, needed=needed)
        title = ""
        if needed and score is not None:
            title = _("{side} (score {score:,}), not yet opened").format(
                side=side_name, score=score
            )
        elif needed and side_name:
            title = _("{side}, not yet opened").format(side=side_name)
        self.show(ruling, title)

    def do_discard(self, rest: str) -> None:
        raw, words = self.request("discard", rest)
        fill(raw, ("card", "hand"), split_words(words, ("with",), ()))
        if not raw.get("card") or not raw.get("hand"):
            raise InputError(
                _('say the card and the hand it is in, e.g. "discard KC with AS 7D KC JK"')
            )
        self.show(self.rule("discard", raw)[0], raw["card"])

    def do_initial(self, rest: str) -> None:
        raw, words = self.request("initial-meld", rest)
        fill(raw, ("melds", "", "side"), split_words(words, (), ("by",)))
        if not raw.get("melds"):
            raise InputError(
                _('give the melds laid together, separated by /, e.g. "initial 7 7 7 / A A JK"')
            )
        self.show(self.rule("initial-meld", raw, needed=True)[0])

    def do_min(self, rest: str) -> None:
        raw, words = self.request("min-meld", rest)
        # The side alone ("min us") or after by ("min by us"), as pickup and initial name it.
        fill(raw, ("side", "", "side"), split_words(words, (), ("by",)))
        from canasta_score.cli.minimum import minimum_text

        need, side, score = self.rule("min-meld", raw, needed=True)
        named = side
        if side and score is not None:
            named = _("{side} (score {score:,})").format(side=side, score=score)
        self.say(minimum_text(need, named))

    def do_go_out(self, rest: str) -> None:
        raw, words = self.request("go-out", rest)
        fill(raw, ("table", "discard"), split_words(words, ("discard",), ()))
        if not raw.get("table") and not raw.get("hand"):
            raise InputError(
                _('give the side\'s melds, separated by /, e.g. "go-out Q Q Q / K K K"')
            )
        self.show(self.rule("go-out", raw)[0])

    def request(self, name: str, rest: str) -> tuple[dict[str, Any], list[str]]:
        """The options of check ``name`` a line gives, and the line's other words."""
        import shlex

        from canasta_score.judging.checks import CHECKS

        check = CHECKS[name]
        try:
            tokens = shlex.split(rest)
        except ValueError:  # an apostrophe in a name ("by O'Neill"): the words as typed
            tokens = rest.split()
        raw: dict[str, Any] = {}
        words: list[str] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            i += 1
            if not token.startswith("--"):
                words.append(token)
                continue
            option, value = option_named(check, token)
            if option.kind == "bool":
                raw[option.key] = value
                continue
            taken: list[str] = []
            while i < len(tokens) and not tokens[i].startswith("--"):
                taken.append(tokens[i])
                i += 1
                if option.kind in ("card", "card?", "int", "int?", "answer", "text"):
                    break
            if not taken:
                raise InputError(_("{option} needs a value").format(option=token))
            text = " ".join(taken)
            if option.kind in ("int", "int?"):
                raw[option.key] = whole_number(token, text)
            elif option.kind in ("melds", "ranks"):
                raw.setdefault(option.key, []).append(text)
            else:
                raw[option.key] = text
        return raw, words

    def rule(
        self, name: str, raw: dict[str, Any], needed: bool = False
    ) -> tuple[Any, str, int | None]:
        """Check ``name``'s answer to ``raw`` under the game's ruleset (:meth:`Check.answer`).
        A side named gives its score and next hand; with none, where the score matters
        (``needed``), the sides' minimums must agree. Returns the answer, the side and its
        score (None: no one side's, for "each side" or a score given with --score)."""
        from canasta_score.cli.check import parsed
        from canasta_score.games.table_facts import side_facts, side_named, with_facts
        from canasta_score.judging.checks import CHECKS

        check = CHECKS[name]
        options = {o.key: o for o in check.options}
        given = [(options[k], v) for k, v in raw.items() if k in options]
        args = {o.key: parsed(o, v) for o, v in given if not o.context}
        summary = self.summary()
        side = ""
        score: int | None = None
        if "side" in options:
            if raw.get("side"):
                side = side_named(summary, raw["side"])
            elif "score" not in args:
                minimums = {s.next_minimum for s in summary.sides}
                if needed and len(minimums) > 1:
                    names = [s.name for s in summary.sides]
                    choices = " / ".join(f"{play_said('by')} {n}" for n in names)
                    raise InputError(
                        _("say which side is asking: {choices}").format(choices=choices)
                    )
                side = summary.sides[0].name
            if side:
                facts = side_facts(summary, side)
                score = facts["score"]
                args = with_facts(args, facts, set(options))
                if not raw.get("side") and len(summary.sides) > 1:
                    side, score = _("each side"), None
        return check.answer(self.store.load(self.path).rules(), args), side, score


# Each of play's commands and what carries it out, in the order a beginning is matched: the
# one table the session dispatches on and completion offers.
DISPATCH: dict[str, Callable[[Session, str], None]] = {
    "hand": Session.do_hand,
    "edit": Session.do_edit,
    "undo": Session.do_undo,
    "redo": Session.do_redo,
    "meld": Session.do_meld,
    "pickup": Session.do_pickup,
    "discard": Session.do_discard,
    "initial": Session.do_initial,
    "min": Session.do_min,
    "go-out": Session.do_go_out,
    "status": Session.do_status,
    "history": Session.do_history,
    "help": Session.do_help,
    "quit": Session.do_quit,
}

# The words of pickup that set a flag (each said in English or Korean: hands.entry): the option
# and its value.
FLAG_WORDS = {"unopened": ("opened", False), "opened": ("opened", True), "frozen": ("frozen", True)}


def option_named(check: Check, token: str) -> tuple[Option, Any]:
    """The option of ``check`` a ``--flag`` names, and for a yes/no option its value."""
    for option in check.options:
        on, _slash, off = option.flags[0].partition("/")
        if token == on:
            return option, True
        if off and token == off:
            return option, False
    known = ", ".join(o.flags[0] for o in check.options)
    raise InputError(
        _("{option} is not an option of {check}; its options are {known}").format(
            option=token, check=check.name, known=known
        )
    )


def whole_number(flag: str, text: str) -> int:
    """The whole number a number option takes (``--score -200``), as the command line reads it."""
    from canasta_score.hands.entry import quick_number
    from canasta_score.judging.checks import EXPECTED

    if not text.lstrip("-").isdecimal() or not text.lstrip("-").isascii():
        problem = _("expected {what}, got {value}").format(
            what=_(EXPECTED["int"]), value=repr(text)
        )
        raise InputError(f"{flag}: {problem}")
    return quick_number(text, text)


def split_words(
    words: list[str], second: tuple[str, ...], third: tuple[str, ...]
) -> tuple[list[str], list[str], list[str]]:
    """A line's words in three parts: before a word that says ``second`` ("with", 손), after
    it, and after a word that says ``third`` ("by", 팀)."""
    parts: list[list[str]] = [[], [], []]
    into = 0
    for word in words:
        said = play_word(word)
        if said in second and into == 0:
            into = 1
        elif said in third:
            into = 2
        else:
            parts[into].append(word)
    return parts[0], parts[1], parts[2]


def fill(raw: dict[str, Any], keys: tuple[str, ...], parts: tuple[list[str], ...]) -> None:
    """Give each option in ``keys`` the words of its part of a line (none: left as it is); the
    melds of a repeatable option are added to those its flag gave."""
    for key, words in zip(keys, parts, strict=False):
        if words and key in ("melds", "table"):
            raw[key] = [*raw.get(key, []), *meld_texts(words)]
        elif words:
            raw[key] = " ".join(words)


def meld_texts(words: list[str]) -> list[str]:
    """Melds written one after another, separated by / (or ;)."""
    text = " ".join(words).replace(";", "/")
    return [" ".join(p.split()) for p in text.split("/") if p.strip()]


# ---------------------------------------------------------------- completion


def completions(before: str, sides: list[str]) -> list[str]:
    """What may complete the word being typed at the end of ``before``: a command, then the
    words its arguments take."""
    words = before.split(" ")
    partial = words[-1]
    if len(words) == 1:
        return [c for c in (*DISPATCH, *KOREAN) if c.startswith(partial.lower())]
    try:
        command = command_of(words[0])
    except InputError:
        return []
    low = partial.lower()
    choices: list[str]
    if command in ("hand", "edit"):
        first = 3 if command == "edit" else 2
        start = len(words) == first or (len(words) > first and words[-2].endswith(";"))
        choices = [f"{s}:" for s in sides] if start else list(QUICK_WORDS)
    elif command == "min":
        choices = list(sides)
    elif command in RULINGS:
        choices = card_words(partial)
        said = {key: (*english, *korean) for key, (english, korean) in PLAY_ITEMS.items()}
        if command in ("pickup", "initial"):
            choices += [w for key, found in said.items() if key != "discard" for w in found]
            choices += sides
        if command == "go-out":
            choices += list(said["discard"])
        if command == "discard":
            choices += list(said["with"])
    else:
        return []
    return [c for c in choices if c.lower().startswith(low) and c.lower() != low]


def card_words(partial: str) -> list[str]:
    """Cards starting with ``partial``: ranks, ranks with a suit, and the joker."""
    up = partial.upper()
    out = [r for r in CARD_RANKS if r.startswith(up)]
    out += [r + s for r in CARD_RANKS for s in SUITS if (r + s).startswith(up) and up]
    if "JK".startswith(up):
        out.append("JK")
    return out
