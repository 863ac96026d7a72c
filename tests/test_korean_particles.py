"""A Korean particle after a value chosen at run time fits the value: the catalog writes it in
both forms after the placeholder (``{card}을(를)``) and the form said is chosen from how the
value ends when read in Korean (1 일, 2 이, 3 삼; K 케이, L 엘; 우리, 팀)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from canasta_score.core import language
from canasta_score.core.language import PARTICLES, Message, final_sound, particles

SOURCE = (
    Path(__file__).parent.parent
    / "canasta_score"
    / "locale"
    / "ko"
    / "LC_MESSAGES"
    / "canasta_score.po"
)


@pytest.mark.parametrize(
    ("value", "sound"),
    [
        # Digits read as Sino-Korean numbers: 일 칠 팔 end in ㄹ, 삼 육 in another consonant.
        *[
            (d, s)
            for d, s in zip("123456789", ["L", "", "C", "", "", "C", "L", "L", ""], strict=True)
        ],
        ("0", "C"),  # 영
        ("10", "C"),  # 십
        ("1,500", "C"),  # 천오백 -> 백
        ("-165", ""),  # 오
        # Letters by their Korean names: 케이, 에이치, 엘, 엠, 엔, 알.
        ("K", ""),
        ("KH", ""),
        ("JK", ""),
        ("L", "L"),
        ("M", "C"),
        ("N", "C"),
        ("R", "L"),
        # Hangul as written.
        ("우리", ""),
        ("철수네 팀", "C"),
        ("서울", "L"),
        # English words as Korean writes them.
        ("samba", ""),
        ("Bob", "C"),
        ("game", "C"),
        ("us", ""),
        ("club-night", ""),
        ("--going-out", "C"),  # 아웃
        ("--not-opened", ""),  # 오픈드
        ("mixed", ""),  # 믹스드
        # A quote closing the value is read past; a bracketed aside follows its word.
        ('"samba"', ""),
        ("멜드 1 (K K 2)", "L"),
        ("♠", None),
    ],
)
def test_the_final_sound_of_a_value_read_in_korean(value: str, sound: str | None) -> None:
    assert final_sound(value) == sound


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("K을(를)", "K를"),
        ("7을(를)", "7을"),
        ("상대 -165을(를) 지웠습니다", "상대 -165를 지웠습니다"),
        ('"samba"이(가) 아니라', '"samba"가 아니라'),
        ("맨 위 7와(과)", "맨 위 7과"),
        ("맨 위 KD와(과)", "맨 위 KD와"),
        ("3(으)로", "3으로"),
        ("1(으)로", "1로"),  # after ㄹ: 로
        ("2(으)로", "2로"),
        ("우리은(는)", "우리는"),
        ("철수네 팀이(가)", "철수네 팀이"),
        ("club-night(이)라는", "club-night라는"),
        ("♠을(를)", "♠을(를)"),  # cannot be read: both forms stay
    ],
)
def test_a_particle_takes_the_form_that_fits_what_comes_before_it(text: str, said: str) -> None:
    assert particles(text) == said


MARKED = re.compile(
    r"\{(?P<field>[^{}]*)\}(?P<aside>\s*\([^()]*\))?(?P<quote>[\"'\]]?)(?P<marker>"
    + "|".join(re.escape(m) for m in PARTICLES)
    + ")"
)


def marked_messages() -> list[str]:
    """Every Korean translation where a particle follows a placeholder."""
    with SOURCE.open("rb") as stream:
        catalog = read_po(stream, locale="ko")
    found = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        found += [text for text in strings if message.id and MARKED.search(text)]
    return sorted(set(found))


# Values of the three kinds: ending in a vowel, in ㄹ, in another consonant. A field formatted
# as a number (``{n:,}``) gets a number, any other a word.
KINDS = {
    "vowel": (2, "우리", 0),
    "rieul": (7, "서울", 1),
    "consonant": (3, "철수네 팀", 0),
}


def filled(template: str, kind: str) -> dict[str, object]:
    number, word, _ = KINDS[kind]
    values: dict[str, object] = {}
    for _text, field, spec, _conv in string.Formatter().parse(template):
        if field is not None:
            values[field] = number if spec and spec[-1] in ",dgf" else word
    return values


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("template", marked_messages())
def test_every_korean_message_with_a_particle_after_a_value_fits_values_of_each_kind(
    template: str, kind: str
) -> None:
    values = filled(template, kind)
    form = {"vowel": 2, "rieul": 1, "consonant": 0}[kind]
    expected = MARKED.sub(
        lambda m: (
            "{" + m["field"] + "}" + (m["aside"] or "") + m["quote"] + PARTICLES[m["marker"]][form]
        ),
        template,
    )
    said = Message(template).format(**values)
    assert said == expected.format(**values)
    assert not any(marker in said for marker in PARTICLES)


def test_the_catalog_has_particles_in_both_forms_only_after_a_value() -> None:
    """A marker after fixed Korean text would be the translator's to resolve: none is left."""
    with SOURCE.open("rb") as stream:
        catalog = read_po(stream, locale="ko")
    loose = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            bare = MARKED.sub("", text)
            loose += [text for marker in PARTICLES if marker in bare]
    assert loose == []


def test_the_command_line_says_the_particle_that_fits_the_card(cli) -> None:  # type: ignore[no-untyped-def]
    """RULES 4: any card but a red three may be discarded; KC is read 케이씨, 7H 칠에이치."""
    kc = cli("--lang", "ko", "check", "discard", "KC", "--hand", "KC 7H")
    assert "KC를 버릴 수 있습니다" in kc.out
    with language.speaking(language.KOREAN):
        text = language._("{card} may be discarded").format(card="7")
    assert text == "7을 버릴 수 있습니다"
