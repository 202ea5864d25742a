"""Expressions of a rule file as sentences, in Japanese and English, generated from the checked tree.

Players read a sheet, not the rule file: a yaku condition, a bonus or a payment formula is printed as
prose made from its tree, so no variant needs its own wording and the sentence cannot drift from what
the scorer computes. Every construct of the language has a phrasing (the common shapes a natural one,
the rest a plain but complete one); `prose` is the one entry point for any expression.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from variantlang import catalog
from variantlang.catalog import Text
from variantlang.catalog.formats import tile_word
from variantlang.model.facts import FACTS
from variantlang.syntax import ast
from variantlang.syntax.unparse import unparse

# ------------------------------------------------------------------ vocabulary

_COLLECTIONS = {
    # name: (ja, en singular, en plural, ja counter)
    "groups": ("面子・雀頭", "group", "groups", "つ"),
    "sets": ("面子", "set", "sets", "つ"),
    "runs": ("順子", "run", "runs", "つ"),
    "triplets": ("刻子", "triplet", "triplets", "つ"),
    "kans": ("槓子", "kan", "kans", "つ"),
    "pairs": ("対子", "pair", "pairs", "つ"),
    "melds": ("副露", "called meld", "called melds", "つ"),
    "tiles": ("牌", "tile", "tiles", "枚"),
    "nuki": ("抜きドラ", "tile set aside", "tiles set aside", "枚"),
}

_COMPOUNDS = {
    # (collection, the element's test as written): (ja, en singular, en plural)
    ("triplets", "concealed"): ("暗刻", "concealed triplet", "concealed triplets"),
    ("kans", "not open"): ("暗槓", "concealed kan", "concealed kans"),
    ("kans", "open"): ("明槓", "open kan", "open kans"),
    ("kans", "concealed"): ("暗槓", "concealed kan", "concealed kans"),
    ("triplets", "dragon"): ("三元牌の刻子", "dragon triplet", "dragon triplets"),
    ("triplets", "wind"): ("風牌の刻子", "wind triplet", "wind triplets"),
    ("melds", "kind == kan"): ("槓子の副露", "called kan", "called kans"),
    ("nuki", "flower"): ("抜いた花牌", "flower set aside", "flowers set aside"),
    ("runs", "not open"): ("鳴いていない順子", "uncalled run", "uncalled runs"),
}

_FLAG_FACTS = {
    # name: (ja yes, ja no, en yes, en no)
    "closed": ("門前", "副露あり", "the hand is closed", "the hand is open"),
    "tsumo": ("ツモ和了", "ロン和了", "won by tsumo", "won by ron"),
    "ron": ("ロン和了", "ツモ和了", "won by ron", "won by tsumo"),
    "riichi": ("立直を宣言している", "立直していない", "riichi declared", "no riichi"),
    "double_riichi": ("ダブル立直", "ダブル立直でない", "double riichi", "no double riichi"),
    "open_riichi": ("オープン立直", "オープン立直でない", "open riichi", "no open riichi"),
    "ippatsu": ("一発", "一発でない", "won on the ippatsu turn", "not on the ippatsu turn"),
    "rinshan": ("嶺上牌で和了", "嶺上牌以外で和了", "won on a kan replacement tile", "not on a kan replacement tile"),
    "chankan": ("槓を搶って和了", "搶槓でない", "won by robbing a kan", "not by robbing a kan"),
    "haitei": ("海底牌でツモ和了", "海底でない", "won on the last draw", "not on the last draw"),
    "houtei": ("河底牌でロン和了", "河底でない", "won on the last discard", "not on the last discard"),
    "tenhou": ("親の配牌で和了", "天和でない", "the dealer wins on the deal", "not a win on the deal"),
    "chiihou": ("子の第一ツモで和了", "地和でない", "a non-dealer wins on the first draw", "not on the first draw"),
    "renhou": ("第一ツモ前にロン和了", "人和でない", "won by ron before the first draw", "not before the first draw"),
    "dealer": ("親", "子", "the winner is the dealer", "the winner is not the dealer"),
    "payer_dealer": ("支払者が親", "支払者が子", "the payer is the dealer", "the payer is not the dealer"),
    "first_win": ("その局の最初の和了", "最初の和了でない", "the first win of the round", "not the first win"),
}

_EXCLUDED = {
    # a flag a rule book names as an exception (「立直（ダブル立直を除く）」): (ja noun, en noun)
    "double_riichi": ("ダブル立直", "double riichi"),
    "open_riichi": ("オープン立直", "open riichi"),
    "ippatsu": ("一発", "ippatsu"),
    "tenhou": ("天和", "tenhou"),
    "chiihou": ("地和", "chiihou"),
    "renhou": ("人和", "renhou"),
    "rinshan": ("嶺上開花", "rinshan"),
    "chankan": ("搶槓", "chankan"),
    "haitei": ("海底", "haitei"),
    "houtei": ("河底", "houtei"),
}

_VALUE_FACTS = {
    # name: (ja, en)
    "suits": ("使っている数牌の色の数", "the number of suits used"),
    "honours": ("字牌の枚数", "the number of honour tiles"),
    "flowers": ("字牌として手に持つ花牌の枚数", "the number of flowers held as honours"),
    "calls": ("副露の数", "the number of calls"),
    "tenpai_others": (
        "聴牌を宣言している（牌を横向きにした）他家の数",
        "the number of other players who have declared tenpai",
    ),
    "honba": ("本場の数", "the number of honba counters"),
    "riichi_sticks": ("供託の立直棒の数", "the number of riichi sticks on the table"),
    "han": ("翻数", "the han"),
    "yaku_han": ("役の翻数", "the han of the yaku"),
    "bonus_han": ("役ではない翻の数", "the han that are not yaku"),
    "dora": ("ドラの数", "the dora"),
    "fu": ("符", "the fu"),
    "yakuman": ("役満の数", "the number of yakuman"),
    "seat_wind": ("自風", "the seat wind"),
    "round_wind": ("場風", "the round wind"),
    "payer_seat": ("支払者の自風", "the payer's seat wind"),
    "payer_relative": ("和了者から見た支払者の席", "where the payer sits from the winner"),
    "pair": ("雀頭", "the pair"),
    "completed": ("和了牌で完成した面子", "the group the winning tile completed"),
    "win": ("和了牌", "the winning tile"),
    "form": ("和了形", "the hand's form"),
    "wait": ("待ち", "the wait"),
}

_PAYER_SEATS = {
    # payer_relative: (ja, en)
    1: ("下家", "sits next after the winner (shimocha)"),
    2: ("対面", "sits across from the winner (toimen)"),
    3: ("上家", "sits before the winner (kamicha)"),
}

_CONSTANTS = {
    "man": ("萬子", "man"),
    "pin": ("筒子", "pin"),
    "sou": ("索子", "sou"),
    "honour": ("字牌", "honours"),
    "flower": ("花牌", "flowers"),
    "run": ("順子", "a run"),
    "triplet": ("刻子", "a triplet"),
    "kan": ("槓子", "a kan"),
    "pair": ("対子", "a pair"),
    "ryanmen": ("両面待ち", "a two-sided wait"),
    "kanchan": ("嵌張待ち", "a closed wait"),
    "penchan": ("辺張待ち", "an edge wait"),
    "shanpon": ("双碰待ち", "a double-pair wait"),
    "tanki": ("単騎待ち", "a pair wait"),
    "kokushi_13": ("国士無双十三面待ち", "the thirteen-sided wait"),
    "standard": ("4面子1雀頭の形", "four groups and a pair"),
    "chiitoitsu": ("七対子の形", "seven pairs"),
    "kokushi": ("国士無双の形", "thirteen orphans"),
    "true": ("真", "true"),
    "false": ("偽", "false"),
}

_ATTRIBUTES = {
    # attribute: (ja noun, en noun) when read as a value
    "kind": ("種類", "kind"),
    "suit": ("色", "suit"),
    "number": ("数字", "number"),
    "tile": ("牌", "tile"),
}

_FLAG_ATTRIBUTES = {
    # attribute: (ja yes, ja no, en yes, en no) said of one group or tile
    "open": ("鳴いた", "鳴いていない", "is called", "is not called"),
    "concealed": ("暗刻・暗槓である", "暗刻・暗槓でない", "is concealed", "is not concealed"),
    "terminal": ("老頭牌を含む", "老頭牌を含まない", "holds a terminal", "holds no terminal"),
    "honour": ("字牌である", "字牌でない", "is an honour", "is not an honour"),
    "yaochuu": ("么九牌を含む", "么九牌を含まない", "holds a terminal or honour", "holds no terminal or honour"),
    "simple": ("中張牌だけの", "中張牌だけではない", "is all simples", "is not all simples"),
    "dragon": ("三元牌である", "三元牌でない", "is a dragon", "is not a dragon"),
    "wind": ("風牌である", "風牌でない", "is a wind", "is not a wind"),
    "value": ("役牌である", "役牌でない", "is a value tile", "is not a value tile"),
    "seat": ("自風である", "自風でない", "is the seat wind", "is not the seat wind"),
    "round": ("場風である", "場風でない", "is the round wind", "is not the round wind"),
    "all_terminal": ("老頭牌だけの", "老頭牌だけではない", "is all terminals", "is not all terminals"),
    "all_yaochuu": ("么九牌だけの", "么九牌だけではない", "is all terminals and honours", "is not all terminals"),
    "red": ("赤の", "赤でない", "is red", "is not red"),
    "flower": ("花牌である", "花牌でない", "is a flower", "is not a flower"),
}

_TILE_FLAGS_JA = {"terminal": "老頭牌である", "yaochuu": "么九牌である", "simple": "中張牌である"}
"""A tile's test where a group's (`holds a terminal`) would read wrongly in Japanese."""
_TILE_FLAGS_EN = {"terminal": "is a terminal", "yaochuu": "is a terminal or honour", "simple": "is a simple"}

_COMPARE_JA = {"==": "", "!=": "でない", "<": "未満", "<=": "以下", ">": "より多い", ">=": "以上"}
_COMPARE_EN = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_COUNT_EN = {"==": "exactly ", "<": "fewer than ", "<=": "at most ", ">": "more than ", ">=": "at least "}
_MOST = {"sets": 4, "runs": 4, "triplets": 4, "kans": 4, "melds": 4, "groups": 5, "pairs": 7}
"""The most of each collection a winning hand can hold (four sets and a pair; seven pairs)."""
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_STRENGTH = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "**": 3}
_UNITS = {
    # a number fact or collection counted per unit: (ja noun and counter, en singular noun)
    "kans": ("槓子1つ", "kan"),
    "runs": ("順子1つ", "run"),
    "triplets": ("刻子1つ", "triplet"),
    "melds": ("副露1つ", "called meld"),
    "calls": ("副露1つ", "call"),
    "nuki": ("抜きドラ1枚", "tile set aside"),
    "dora": ("ドラ1枚", "dora"),
    "honba": ("1本場", "honba counter"),
    "tenpai_others": (
        "聴牌を宣言している（牌を横向きにした）他家1人",
        "other player who has declared tenpai",
    ),
    "riichi_sticks": ("供託の立直棒1本", "riichi stick on the table"),
    "han": ("1翻", "han"),
    "yaku_han": ("役の1翻", "han of yaku"),
    "yakuman": ("役満1つ", "yakuman"),
    "honours": ("字牌1枚", "honour tile"),
    "flowers": ("花牌1枚", "flower"),
    "pon_chi": ("ポン・チー1つ", "pon or chi"),
}
VARIABLES = {
    # payment variables that read better by what they mean: (ja, en)
    "value": ("支払額", "the payment"),
    "base": ("基本点", "the base"),
    "pon_chi": ("ポン・チーの数", "the pons and chis"),
}
"""Names a payment formula commonly gives its variables; any other name is printed as written."""
COPIES = 4
"""The copies of each tile in the set: a count of one tile that equals it is "all four"."""
_LETTERS = "ABCDEFGH"

ELEMENT = "element"


@dataclass(frozen=True)
class Words:
    """Names a tree cannot explain itself: a payment formula's own variables (`base` → 基本点), read as
    the sheet's language gives them; settings are named by their catalog labels."""

    variables: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class _Bound:
    name: str | None
    """None: the implicit element whose attributes are bare names."""
    collection: str | None
    """The collection it runs over (None for numbers of a list or range)."""
    letter: str


def prose(node: ast.Expr, lang: str, words: Words | None = None) -> str:
    """`node` as a phrase in `lang` ("ja" or "en"): a condition as a clause, a number as what it counts."""
    return _Phraser(lang, words or Words()).say(node)


def _fraction(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, float):
        return str(Fraction(repr(value)).limit_denominator()) if "e" in repr(value) else repr(value)
    return f"{value:,}" if abs(value) >= 10000 else str(value)


class _Phraser:
    def __init__(self, lang: str, words: Words) -> None:
        if lang not in ("ja", "en"):
            raise ValueError(f"no prose in {lang!r}: use ja or en")
        self.ja = lang == "ja"
        self.lang = lang
        self.words = words
        self.bound: list[_Bound] = []
        self.relative = 0
        """Depth of Japanese noun modifiers being built: their parts join as 「…で…の順子」, not 「、かつ」."""

    def pick(self, ja: str, en: str) -> str:
        return ja if self.ja else en

    # ---------------------------------------------------------- entry
    def say(self, node: ast.Expr) -> str:
        return self.clause(node) if self.is_condition(node) else self.value(node)

    def is_condition(self, node: ast.Expr) -> bool:
        match node:
            case ast.Compare() | ast.BoolOp() | ast.Unary(op="not"):
                return True
            case ast.Call(function="any" | "all"):
                return True
            case ast.Name(id=name):
                element = self.element_of(name)
                if element is not None:
                    return name in _FLAG_ATTRIBUTES
                return name in _FLAG_FACTS or self.setting_kind(name) is catalog.Kind.BOOL
            case ast.Attribute(target=target, name=name):
                if isinstance(target, ast.Name) and catalog.lookup(target.id, name) is not None:
                    return catalog.BY_PATH[f"{target.id}.{name}"].kind is catalog.Kind.BOOL
                return name in _FLAG_ATTRIBUTES
        return False

    # ---------------------------------------------------------- names
    def element_of(self, name: str) -> _Bound | None:
        """The bound element `name` refers to: a named one, or an attribute of the implicit one."""
        for bound in reversed(self.bound):
            if bound.name == name:
                return bound
        implicit = next((b for b in reversed(self.bound) if b.name is None), None)
        if implicit is not None and (name in _ATTRIBUTES or name in _FLAG_ATTRIBUTES):
            return implicit
        return None

    def setting(self, name: str) -> catalog.Setting | None:
        if "." in name:
            return catalog.BY_PATH.get(name)
        found = [s for s in catalog.SETTINGS if s.key == name]
        return found[0] if len(found) == 1 else None

    def setting_kind(self, name: str) -> catalog.Kind | None:
        entry = self.setting(name)
        return entry.kind if entry is not None else None

    def letter(self) -> str:
        return _LETTERS[len(self.bound) % len(_LETTERS)]

    # ---------------------------------------------------------- values (noun phrases)
    def value(self, node: ast.Expr) -> str:
        match node:
            case ast.Num() | ast.Str() | ast.TileLit():
                return self.literal(node)
            case ast.Name(id=name):
                return self.name_value(name)
            case ast.Attribute():
                return self.attribute_value(node)
            case ast.ListExpr() | ast.Range() | ast.Unary(op="-"):
                return self.listed_value(node)
            case ast.Binary():
                return self.arithmetic(node)
            case ast.Conditional():
                return self.conditional(node, self.value)
            case ast.Call():
                return self.call_value(node)
        if self.is_condition(node):
            return self.pick(f"（{self.clause(node)}なら1、でなければ0）", f"(1 if {self.clause(node)}, else 0)")
        raise TypeError(f"not an expression: {node!r}")

    def conditional(self, node: ast.Conditional, say: Callable[[ast.Expr], str]) -> str:
        """`a if c else b`, its branches said by `say` (as values or as conditions)."""
        then, condition, otherwise = say(node.then), self.clause(node.condition), say(node.otherwise)
        if self.ja:
            return f"{condition}なら{then}、そうでなければ{otherwise}"
        return f"{then} if {condition}, otherwise {otherwise}"

    def literal(self, node: ast.Num | ast.Str | ast.TileLit) -> str:
        if isinstance(node, ast.Num):
            return _fraction(node.value)
        if isinstance(node, ast.Str):
            return f"「{node.value}」" if self.ja else f'"{node.value}"'
        return tile_word(node.kind, self.lang)

    def attribute_value(self, node: ast.Attribute) -> str:
        target, name = node.target, node.name
        if isinstance(target, ast.Name) and catalog.lookup(target.id, name) is not None:
            return self.setting_word(catalog.BY_PATH[f"{target.id}.{name}"])
        owner = self.value(target)
        noun = _ATTRIBUTES.get(name)
        if noun is None:
            return self.clause(node)
        return f"{owner}の{noun[0]}" if self.ja else f"{owner}'s {noun[1]}"

    def listed_value(self, node: ast.ListExpr | ast.Range | ast.Unary) -> str:
        """A list of values, a range of them, or a negated one."""
        if isinstance(node, ast.ListExpr):
            parts = [self.value(i) for i in node.items]
            return "、".join(parts) if self.ja else _series(parts, "or")
        if isinstance(node, ast.Range):
            low, high = self.value(node.low), self.value(node.high)
            return f"{low}〜{high}" if self.ja else f"{low} to {high}"
        return f"−{self.value(node.operand)}" if self.ja else f"minus {self.value(node.operand)}"

    def name_value(self, name: str) -> str:
        bound = self.element_of(name)
        if bound is None:
            return self.free_name_value(name)
        if bound.name == name:
            return bound.letter
        noun = _ATTRIBUTES.get(name)
        if noun is not None:
            return self.pick(noun[0], f"its {noun[1]}")
        return self.flag_attribute(name, bound, True)

    def free_name_value(self, name: str) -> str:
        """A name no bound element answers: a variable, a fact, a constant or a setting."""
        if name in self.words.variables:
            return self.words.variables[name]
        if name in VARIABLES and self.words.variables:
            return self.pick(*VARIABLES[name])
        if name in _VALUE_FACTS:
            return self.pick(*_VALUE_FACTS[name])
        if name in _COLLECTIONS:
            ja, _, en, _ = _COLLECTIONS[name]
            return self.pick(f"{ja}の数", f"the number of {en}")
        if name in _FLAG_FACTS:
            return self.pick(f"（{_FLAG_FACTS[name][0]}なら1）", f"(1 if {_FLAG_FACTS[name][2]})")
        if name in _CONSTANTS:
            return self.pick(*_CONSTANTS[name])
        entry = self.setting(name)
        if entry is not None:
            return self.setting_word(entry)
        fact = FACTS.get(name)
        return fact.meaning if fact is not None else name

    def setting_word(self, entry: catalog.Setting) -> str:
        label = entry.name(self.lang)
        return self.pick(f"設定「{label}」の値", f"the setting “{label}”")

    def arithmetic(self, node: ast.Binary) -> str:
        left, right = self.operand(node.left, node.op), self.operand(node.right, node.op, right=True)
        match node.op:
            case "+":
                return f"{left} + {right}"
            case "-":
                return f"{left} − {right}"
            case "*":
                return f"{left} × {right}"
            case "/":
                return f"{left} ÷ {right}"
            case "//":
                return self.pick(f"{left} ÷ {right}（小数点以下切り捨て）", f"{left} ÷ {right} rounded down")
            case "%":
                return self.pick(f"{left}を{right}で割った余り", f"the remainder of {left} ÷ {right}")
        return self.pick(f"{left}の{right}乗", f"{left} to the power {right}")

    def operand(self, node: ast.Expr, parent: str = "*", right: bool = False) -> str:
        text = self.value(node)
        if isinstance(node, ast.Conditional):
            return f"({text})"
        if isinstance(node, ast.Binary):
            inner, outer = _STRENGTH.get(node.op, 3), _STRENGTH.get(parent, 3)
            if inner < outer or (inner == outer and right and parent in ("-", "/", "//", "%", "**")):
                return f"({text})"
        return text

    def call_value(self, node: ast.Call) -> str:
        function = node.function
        if function in ("count", "any", "all", "sum", "max", "min", "distinct") and (
            node.predicate is not None or function in ("count", "any", "all") or _is_collection(node.args[0])
        ):
            if function in ("any", "all"):
                return self.pick(f"（{self.clause(node)}なら1）", f"(1 if {self.clause(node)})")
            return self.quantity(node)
        args = [self.value(a) for a in node.args]
        if function == "abs":
            return self.pick(f"{args[0]}の絶対値", f"the absolute value of {args[0]}")
        if function == "min":
            return self.pick(f"{'、'.join(args)}のうち最小のもの", f"the least of {_series(args, 'and')}")
        return self.pick(f"{'、'.join(args)}のうち最大のもの", f"the greatest of {_series(args, 'and')}")

    # ---------------------------------------------------------- amounts (bonus han, payment lines)
    def amount(self, node: ast.Expr, unit: str) -> str:
        """A sum of terms as players count it: 「400点、最初の和了なら +200点、槓子1つにつき +200点」."""
        terms = _terms(node)
        phrases = [self.term(t, unit, sign if i or sign < 0 else 0) for i, (sign, t) in enumerate(terms)]
        if not unit or (len(terms) == 1 and phrases[0] is None):
            return self.value(node)
        out = []
        for i, ((sign, term), phrase) in enumerate(zip(terms, phrases, strict=True)):
            mark = "−" if sign < 0 else "+" if i else ""
            out.append(phrase if phrase is not None else f"{mark}{self.operand(term, '+')}")
        return "、".join(out) if self.ja else ", ".join(out)

    def term(self, node: ast.Expr, unit: str, sign: int) -> str | None:
        """One term: a number with its unit, or a number per counted thing or per flag."""
        mark = "+" if sign > 0 else "−" if sign < 0 else ""
        match node:
            case ast.Num(value=value):
                number = _fraction(value)
                return f"{mark}{number}{unit}" if self.ja else f"{mark}{number} {_singular(number, unit)}".strip()
            case (
                ast.Binary(op="*", left=ast.Num(value=k), right=counted)
                | ast.Binary(op="*", left=counted, right=ast.Num(value=k))
            ):
                phrase = self.per(counted, f"{mark}{_fraction(k)}", unit)
                if phrase is None:
                    text = f"{mark}{_fraction(k)}{unit}" if self.ja else f"{mark}{_fraction(k)} {unit}"
                    return f"{text} × {self.operand(counted)}"
                return phrase
        return self.per(node, f"{mark}1", unit)

    def per(self, counted: ast.Expr, amount: str, unit: str) -> str | None:
        amount_ja = f"{amount}{unit}"
        amount_en = f"{amount} {_singular(amount.lstrip('+−'), unit)}".strip()
        if isinstance(counted, ast.Name) and self.element_of(counted.id) is None:
            name = counted.id
            if name in _FLAG_FACTS:
                return self.pick(f"{_FLAG_FACTS[name][0]}なら {amount_ja}", f"{amount_en} if {_FLAG_FACTS[name][2]}")
            if name in _UNITS:
                return self.pick(f"{_UNITS[name][0]}につき {amount_ja}", f"{amount_en} per {_UNITS[name][1]}")
        if isinstance(counted, ast.Call) and counted.function == "count":
            collection, element = self.over(counted)
            if isinstance(collection, ast.Name) and collection.id in _COLLECTIONS:
                noun = self.noun(collection, counted.predicate, False, element)
                counter = _COLLECTIONS[collection.id][3]
                return self.pick(f"{noun}1{counter}につき {amount_ja}", f"{amount_en} per {noun}")
        return None

    # ---------------------------------------------------------- quantifiers
    def over(self, node: ast.Call) -> tuple[ast.Expr, str | None]:
        """The collection a quantifier runs over, and the name it gives its element."""
        target = node.args[0]
        if isinstance(target, ast.Compare) and target.ops == ("in",) and isinstance(target.operands[0], ast.Name):
            return target.operands[1], target.operands[0].id
        return target, None

    def noun(self, collection: ast.Expr, predicate: ast.Expr | None, plural: bool, name: str | None) -> str:
        """The elements of `collection` that `predicate` picks, as one noun phrase."""
        if isinstance(collection, ast.Name) and collection.id in _COLLECTIONS:
            ja, singular, plural_en, _ = _COLLECTIONS[collection.id]
            if predicate is not None and name is None:
                compound = _COMPOUNDS.get((collection.id, _plain(predicate)))
                if compound is not None:
                    return compound[0] if self.ja else compound[2 if plural else 1]
            head = ja if self.ja else (plural_en if plural else singular)
        else:
            head = self.pick(f"{self.value(collection)}の数", "number" + ("s" if plural else "")) + (
                "" if self.ja else f" from {self.value(collection)}"
            )
        if predicate is None:
            return head
        self.bound.append(_Bound(name, _collection_name(collection), self.letter()))
        try:
            self.relative += 1
            condition = self.element_clause(predicate, plural)
            self.relative -= 1
        finally:
            self.bound.pop()
        letter = self.letter()
        if name is not None:
            return self.pick(f"{condition}となる{head}{letter}", f"{head} {letter} such that {condition}")
        of = self.tile_of(predicate)
        if of is not None:
            return self.pick(f"{of}の{head}", f"{head} of {of}")
        return f"{_relative(condition)}{head}" if self.ja else f"{head} that {condition}"

    def tile_of(self, predicate: ast.Expr) -> str | None:
        """`tile == 5z` said of an element: 「白の刻子」 / "a triplet of White"."""
        match predicate:
            case ast.Compare(operands=(ast.Name(id="tile"), right), ops=("==",)):
                self.bound.append(_Bound(None, None, self.letter()))
                try:
                    return self.value(right)
                finally:
                    self.bound.pop()
        return None

    def element_clause(self, node: ast.Expr, plural: bool) -> str:
        """A test of the bound element, said of it (`is a dragon`, 「三元牌である」)."""
        text = self.clause(node, subject=True)
        if self.ja or not plural:
            return text
        for singular, many in (("is ", "are "), ("has ", "have "), ("holds ", "hold ")):
            text = text.replace(f" and {singular}", f" and {many}").replace(f" or {singular}", f" or {many}")
            if text.startswith(singular):
                text = many + text[len(singular) :]
        return text

    def quantity(self, node: ast.Call) -> str:
        collection, name = self.over(node)
        function = node.function
        if function == "count":
            noun = self.noun(collection, node.predicate, True, name)
            return self.pick(f"{noun}の数", f"the number of {noun}")
        noun = self.noun(collection, None, True, name)
        self.bound.append(_Bound(name, _collection_name(collection), self.letter()))
        try:
            predicate = node.predicate
            if isinstance(predicate, ast.Name) and predicate.id in _ATTRIBUTES:
                inner = self.pick(_ATTRIBUTES[predicate.id][0], _ATTRIBUTES[predicate.id][1] + "s")
            else:
                inner = self.value(predicate) if predicate is not None else self.pick("値", "values")
        finally:
            self.bound.pop()
        ja, en = {
            "sum": ("の合計", "the sum of {inner} over the {noun}"),
            "max": ("の最大値", "the greatest {inner} among the {noun}"),
            "min": ("の最小値", "the least {inner} among the {noun}"),
            "distinct": ("の種類の数", "the number of different {inner} among the {noun}"),
        }[function]
        return f"{noun}の{inner}{ja}" if self.ja else en.format(inner=inner, noun=noun)

    # ---------------------------------------------------------- conditions (clauses)
    def clause(self, node: ast.Expr, *, subject: bool = False) -> str:
        """A condition. `subject`: said of the bound element, whose tests need no subject."""
        match node:
            case ast.BoolOp():
                return self.joined(node, subject)
            case ast.Unary(op="not", operand=operand):
                return self.negation(operand, subject)
            case ast.Compare():
                return self.comparison(node, subject)
            case ast.Call(function="any" | "all"):
                return self.quantified(node)
            case ast.Name(id=name):
                return self.flag(name, True, subject)
            case ast.Attribute():
                said = self.attribute_clause(node)
                if said is not None:
                    return said
            case ast.Conditional():
                return self.conditional(node, self.clause)
        value = self.value(node)
        return self.pick(f"{value}が0でない", f"{value} is not zero")

    def joined(self, node: ast.BoolOp, subject: bool) -> str:
        """Conditions joined by `and` or `or`."""
        op = node.op
        if op == "and":
            excepted = self.with_exceptions(_flatten(node, op), subject)
            if excepted is not None:
                return excepted
        parts = [self.clause_part(p, op, subject) for p in _flatten(node, op)]
        if self.ja and any(p.startswith("支払者") for p in parts):
            # beside the payer, the bare 「親」 (the winner is the dealer) needs its subject
            parts = ["和了者が親" if p == "親" else "和了者が子" if p == "子" else p for p in parts]
        if op == "and":
            return self.ja_and(parts) if self.ja else _series(parts, "and")
        return "、または".join(parts) if self.ja else _series(parts, "or")

    def with_exceptions(self, terms: list[ast.Expr], subject: bool) -> str | None:
        """`riichi and not double_riichi` as a rule book says it, 「立直を宣言している（ダブル立直を除く）」:
        the negated flags that name a way of winning become the exceptions of the rest."""
        excluded = [n for n in map(_excluded, terms) if n is not None]
        rest = [t for t in terms if _excluded(t) is None]
        if not excluded or not rest or any(self.element_of(name) is not None for name in excluded):
            return None
        said = self.clause(_joined(rest, "and"), subject=subject)
        if self.ja:
            return f"{said}（{'・'.join(_EXCLUDED[n][0] for n in excluded)}を除く）"
        return f"{said}, except {_series([_EXCLUDED[n][1] for n in excluded], 'or')}"

    def attribute_clause(self, node: ast.Attribute) -> str | None:
        """A setting that is on, or an element's flag (`g.closed`); None for an attribute that is a value."""
        target, name = node.target, node.name
        if isinstance(target, ast.Name) and catalog.lookup(target.id, name) is not None:
            return self.setting_flag(catalog.BY_PATH[f"{target.id}.{name}"], True)
        if name in _FLAG_ATTRIBUTES:
            return self.owned_flag(self.value(target), name, True, _is_tile(target, self))
        return None

    def ja_and(self, parts: list[str]) -> str:
        """Japanese 'and': the continuative form (「…で、」「…があり、」), 「かつ」 between short words."""
        if not self.relative:
            short = all(len(p) <= 6 and not any(c in p for c in "がをは、") for p in parts)
            if short:
                return "かつ".join(parts)
            # 「数牌が1色で、字牌がない」: the continuative form, but 「、かつ」 before a bracketed choice
            joined = (f"{p}、かつ" if after.startswith("（") else _continuative(p) for p, after in pairwise(parts))
            return "".join(joined) + parts[-1]
        return "".join(_continuative(p) for p in parts[:-1]) + parts[-1]

    def clause_part(self, node: ast.Expr, op: str, subject: bool) -> str:
        text = self.clause(node, subject=subject)
        mixed = isinstance(node, ast.BoolOp) and node.op != op
        if not mixed:
            return text
        return f"（{text}）" if self.ja else f"either {text}"

    def flag(self, name: str, positive: bool, subject: bool) -> str:
        bound = self.element_of(name)
        if bound is not None:
            return self.flag_attribute(name, bound, positive, subject)
        if name in _FLAG_FACTS:
            ja_yes, ja_no, en_yes, en_no = _FLAG_FACTS[name]
            return self.pick(ja_yes if positive else ja_no, en_yes if positive else en_no)
        entry = self.setting(name)
        if entry is not None:
            return self.setting_flag(entry, positive)
        value = self.name_value(name)
        return self.pick(
            f"{value}が0{'でない' if positive else 'である'}", f"{value} is {'not ' if positive else ''}zero"
        )

    def setting_flag(self, entry: catalog.Setting, positive: bool) -> str:
        label = entry.name(self.lang)
        return self.pick(
            f"{label}{'あり' if positive else 'なし'}のルール", f"“{label}” is {'on' if positive else 'off'}"
        )

    def flag_attribute(self, name: str, bound: _Bound, positive: bool, subject: bool = False) -> str:
        tile = bound.collection in ("tiles", "nuki")
        if subject and bound.name is None:
            return self.bare_flag(name, positive, tile)
        return self.owned_flag(bound.letter, name, positive, tile)

    def bare_flag(self, name: str, positive: bool, tile: bool) -> str:
        ja_yes, ja_no, en_yes, en_no = _FLAG_ATTRIBUTES[name]
        if tile and positive:
            ja_yes, en_yes = _TILE_FLAGS_JA.get(name, ja_yes), _TILE_FLAGS_EN.get(name, en_yes)
        return self.pick(ja_yes if positive else ja_no, en_yes if positive else en_no)

    def owned_flag(self, owner: str, name: str, positive: bool, tile: bool) -> str:
        text = self.bare_flag(name, positive, tile)
        return f"{owner}が{text.removesuffix('の')}" if self.ja else f"{owner} {text}"

    def negation(self, node: ast.Expr, subject: bool) -> str:
        match node:
            case ast.Name(id=name):
                return self.flag(name, False, subject)
            case ast.Attribute(target=target, name=name) if name in _FLAG_ATTRIBUTES:
                return self.owned_flag(self.value(target), name, False, _is_tile(target, self))
        text = self.clause(node, subject=subject)
        return self.pick(f"「{text}」ではない", f"not ({text})")

    def comparison(self, node: ast.Compare, subject: bool) -> str:
        parts = []
        for i, op in enumerate(node.ops):
            left, right = node.operands[i], node.operands[i + 1]
            parts.append(self.one_comparison(left, op, right, subject and i == 0))
        return self.ja_and(parts) if self.ja else _series(parts, "and")

    def alike(self, left: ast.Expr, op: str, right: ast.Expr) -> str | None:
        """`(kind == run) == (g.kind == run)` as 「順子かどうかがAと同じ」 / "is a run exactly when A is"."""
        match left, right:
            case (
                ast.Compare(operands=(ast.Name(id=attr), ast.Name(id=value)), ops=("==",)),
                ast.Compare(
                    operands=(ast.Attribute(target=ast.Name() as owner, name=other), ast.Name(id=value_again)),
                    ops=("==",),
                ),
            ) if attr == other and value == value_again and value in _CONSTANTS and attr in _ATTRIBUTES:
                what_ja, what_en = _CONSTANTS[value]
                who = self.value(owner)
                if op == "==":
                    return self.pick(f"{what_ja}かどうかが{who}と同じ", f"is {what_en} exactly when {who} is")
                return self.pick(f"{what_ja}かどうかが{who}と違う", f"is {what_en} exactly when {who} is not")
        return None

    def payer_seat(self, left: ast.Expr, op: str, right: ast.Expr) -> str | None:
        """`payer_relative == 3` as 「支払者が和了者の上家」, "the payer sits before the winner (kamicha)"."""
        match left, op, right:
            case ast.Name(id="payer_relative"), "==" | "!=", ast.Num(value=1 | 2 | 3 as where):
                ja, en = _PAYER_SEATS[int(where)]
                if op == "==":
                    return self.pick(f"支払者が和了者の{ja}", f"the payer {en}")
                return self.pick(f"支払者が和了者の{ja}でない", f"the payer does not sit {en.removeprefix('sits ')}")
        return None

    def one_comparison(self, left: ast.Expr, op: str, right: ast.Expr, subject: bool) -> str:
        if op in ("in", "not in"):
            return self.membership(left, op == "in", right, subject)
        if op in ("==", "!=") and self.is_condition(left) and self.is_condition(right):
            return self.conditions_compared(left, op, right, subject)
        special = (
            self.counted(left, op, right)
            or self.same_as(left, op, right, subject)
            or self.payer_seat(left, op, right)
            or self.said_of_fact(left, op, right)
        )
        if special is not None:
            return special
        attribute = self.element_attribute(left, subject)
        lhs = attribute if attribute is not None else self.value(left)
        rhs = self.compared_value(right, left)
        if self.ja:
            if attribute is not None and isinstance(left, ast.Name) and left.id == "suit" and op in ("==", "!="):
                # said of the element, a suit needs no 「色が」: 「筒子で、…面子」, 「筒子でない刻子」
                return rhs if op == "==" else f"{rhs}でない"
            return f"{lhs}が{rhs}" if op == "==" else f"{lhs}が{rhs}{_COMPARE_JA[op]}"
        if attribute is not None:
            return self.attribute_compared_en(left, op, lhs, rhs)
        return f"{lhs} {_COMPARE_EN[op]} {rhs}"

    def conditions_compared(self, left: ast.Expr, op: str, right: ast.Expr, subject: bool) -> str:
        """Two conditions that hold together (`==`) or apart (`!=`)."""
        alike = self.alike(left, op, right)
        if alike is not None:
            return alike
        first, second = self.clause(left, subject=subject), self.clause(right)
        if op == "==":
            return self.pick(
                f"「{first}」と「{second}」がともに成り立つか、ともに成り立たない", f"{first} exactly when {second}"
            )
        return self.pick(
            f"「{first}」と「{second}」のどちらか一方だけが成り立つ", f"either {first} or {second}, not both"
        )

    @staticmethod
    def attribute_compared_en(left: ast.Expr, op: str, lhs: str, rhs: str) -> str:
        """An attribute of the bound element compared, in English: "is in man", "has a number at least 3"."""
        if op not in ("==", "!="):
            return f"has {lhs} that {_COMPARE_EN[op]} {rhs}"
        negative = "not " if op == "!=" else ""
        if isinstance(left, ast.Name) and left.id == "suit":
            return f"is {negative}in {rhs}"
        if isinstance(left, ast.Name) and left.id in ("tile", "kind"):
            return f"is {negative}{rhs}"
        return f"does not have {lhs} {rhs}" if negative else f"has {lhs} {rhs}"

    def same_as(self, left: ast.Expr, op: str, right: ast.Expr, subject: bool) -> str | None:
        """`tile == r.tile` said of an element: 「Aと同じ」 / "is the same as A"; in Japanese also
        `suit == t.suit` as 「Aと同じ色」 and `number == t.number + 1` as 「数字がAより1大きい」."""
        if self.ja and op == "==" and isinstance(left, ast.Name) and self.element_attribute(left, subject):
            match right:
                case ast.Attribute(target=ast.Name() as owner, name=attr) if attr == left.id and attr != "tile":
                    return f"{self.value(owner)}と同じ{_ATTRIBUTES[attr][0]}"
                case ast.Binary(
                    op="+" | "-" as step_op,
                    left=ast.Attribute(target=ast.Name() as owner, name="number"),
                    right=step,
                ) if left.id == "number":
                    more = "大きい" if step_op == "+" else "小さい"
                    return f"数字が{self.value(owner)}より{self.value(step)}{more}"
        if op != "==" or not isinstance(right, ast.Attribute) or not isinstance(right.target, ast.Name):
            return None
        if self.element_attribute(left, subject) is None or not isinstance(left, ast.Name) or left.id != "tile":
            return None
        if right.name != "tile":
            return None
        who = self.value(right.target)
        return self.pick(f"{who}と同じ", f"is the same as {who}")

    def element_attribute(self, node: ast.Expr, subject: bool) -> str | None:
        """`number` said of the implicit element: 「数字」 / "the number"."""
        if not subject or not isinstance(node, ast.Name):
            return None
        bound = self.element_of(node.id)
        if bound is None or bound.name is not None or node.id not in _ATTRIBUTES:
            return None
        ja, en = _ATTRIBUTES[node.id]
        return self.pick(ja, f"the {en}" if node.id != "tile" else "the tile")

    def compared_value(self, node: ast.Expr, beside: ast.Expr) -> str:
        """The right side of a comparison; `honour` and `pair` beside `suit`/`kind` are values."""
        if isinstance(node, ast.Name) and node.id in _CONSTANTS and self.element_of(node.id) is None:
            return self.pick(*_CONSTANTS[node.id])
        if isinstance(node, ast.Name) and node.id in ("honour", "flower", "pair") and _names_attribute(beside):
            return self.pick(*_CONSTANTS[node.id])
        match node:
            case ast.Binary(op="+" | "-", left=inner, right=ast.Num(value=step)) if not isinstance(inner, ast.Num):
                base = self.value(inner)
                more = node.op == "+"
                if self.ja:
                    return f"{base}{'+' if more else '−'}{_fraction(step)}"
                return f"{_fraction(step)} {'more' if more else 'less'} than {base}"
            case ast.Binary(op="+" | "-", left=ast.Attribute() as inner, right=ast.Name() as step) if not self.ja:
                return f"{self.value(step)} {'more' if node.op == '+' else 'less'} than {self.value(inner)}"
        return self.value(node)

    def counted(self, left: ast.Expr, op: str, right: ast.Expr) -> str | None:
        """`count(runs) == 4` as 「順子が4つ」 / "exactly four runs"."""
        if not (isinstance(left, ast.Call) and left.function == "count" and isinstance(right, ast.Num)):
            return None
        collection, name = self.over(left)
        if not (isinstance(collection, ast.Name) and collection.id in _COLLECTIONS):
            return None
        n = right.value
        every = self.all_copies(collection.id, left.predicate, op, n, name)
        if every is not None:
            return every
        noun = self.noun(collection, left.predicate, n != 1, name)
        counter = _COLLECTIONS[collection.id][3]
        if (op == "==" and n == 0) or (op == "<" and n == 1) or (op == "<=" and n == 0):
            return self.pick(f"{noun}がない", f"no {noun}")
        if (op == ">" and n == 0) or (op == ">=" and n == 1):
            return self.pick(f"{noun}がある", f"at least one {self.noun(collection, left.predicate, False, name)}")
        most = op == ">=" and n == _MOST.get(collection.id)  # 「4つ以上」 of what a hand holds 4 of at most is 4
        if self.ja:
            return f"{noun}が{_fraction(n)}{counter}{'' if most else _COMPARE_JA[op] if op != '!=' else 'ではない'}"
        count = _NUMBER_WORDS[int(n)] if isinstance(n, int) and 0 <= n < len(_NUMBER_WORDS) else _fraction(n)
        if op == "!=":
            return f"not exactly {count} {noun}"
        return f"{'' if most else _COUNT_EN[op]}{count} {noun}"

    def all_copies(
        self, collection: str, predicate: ast.Expr | None, op: str, n: float, name: str | None
    ) -> str | None:
        """`count(nuki: tile == 5m) == 4` as 「5萬を4枚すべて抜いた」 / "all four 5-man are set aside": a count
        that equals the copies of a tile in the set is all of them."""
        if collection not in ("nuki", "tiles") or predicate is None or name is not None:
            return None
        if op not in ("==", ">=") or n != COPIES:
            return None
        tile = self.tile_of(predicate)
        if tile is None:
            return None
        if collection == "nuki":
            return self.pick(f"{tile}を{COPIES}枚すべて抜いた", f"all four {tile} are set aside")
        return self.pick(f"{tile}を{COPIES}枚すべて使っている", f"the hand holds all four {tile}")

    def said_of_fact(self, left: ast.Expr, op: str, right: ast.Expr) -> str | None:
        """`form == chiitoitsu`, `wait == ryanmen`, `suits == 1`, `honours == 0` as the words players use."""
        if not isinstance(left, ast.Name) or self.element_of(left.id) is not None:
            return None
        name = left.id
        if name in ("form", "wait") and isinstance(right, ast.Name) and right.id in _CONSTANTS and op in ("==", "!="):
            word = self.pick(*_CONSTANTS[right.id])
            if op == "==":
                return self.pick(word, f"{'the wait is' if name == 'wait' else 'the hand is'} {word}")
            return self.pick(f"{word}でない", f"{'the wait is not' if name == 'wait' else 'the hand is not'} {word}")
        if name == "suits" and isinstance(right, ast.Num) and op == "==":
            n = right.value
            if n == 0:
                return self.pick("数牌がない", "no suited tiles")
            return self.pick(
                f"数牌が{_fraction(n)}色", f"suited tiles of {_NUMBER_WORDS[int(n)]} suit{'s' if n != 1 else ''} only"
            )
        if name == "honours" and isinstance(right, ast.Num) and op == "==" and right.value == 0:
            return self.pick("字牌がない", "no honour tiles")
        return None

    def membership(self, left: ast.Expr, inside: bool, right: ast.Expr, subject: bool) -> str:
        attribute = self.element_attribute(left, subject)
        lhs = attribute if attribute is not None else self.value(left)
        if (
            attribute is not None
            and isinstance(left, ast.Name)
            and left.id == "tile"
            and isinstance(right, ast.ListExpr)
        ):
            choices = [self.value(i) for i in right.items]
            if self.ja:
                return f"{'、'.join(choices)}のいずれか{'' if inside else 'ではない'}"
            return f"is {'' if inside else 'not '}{_series(choices, 'or')}"
        if isinstance(right, ast.ListExpr | ast.Range):
            if self.ja:
                options = (
                    "、".join(self.value(i) for i in right.items)
                    if isinstance(right, ast.ListExpr)
                    else self.value(right)
                )
                either = "のいずれか" if isinstance(right, ast.ListExpr) else ""
                return f"{lhs}が{options}{either}{'' if inside else 'ではない'}"
            if isinstance(right, ast.ListExpr):
                options = _series([self.value(i) for i in right.items], "or")
            else:
                options = f"from {self.value(right.low)} to {self.value(right.high)}"
            verb = ("has" if inside else "does not have") if attribute is not None else ("is" if inside else "is not")
            return f"{verb} {lhs} {options}" if attribute is not None else f"{lhs} {verb} {options}"
        holder = self.value(right) if not isinstance(right, ast.Name) else self.noun(right, None, True, None)
        if self.ja:
            return f"{lhs}が{holder}の中に{'ある' if inside else 'ない'}"
        return f"{lhs} is {'' if inside else 'not '}among the {holder}"

    def quantified(self, node: ast.Call) -> str:
        collection, name = self.over(node)
        if node.predicate is None:
            if node.function == "any":
                noun = self.noun(collection, None, False, None)
                return self.pick(f"{noun}がある", f"there is {_article(noun)}")
            return self.pick("常に成り立つ", "always")
        if name is None:
            if node.function == "any":
                noun = self.noun(collection, node.predicate, False, None)
                return self.pick(f"{noun}がある", f"there is {_article(noun)}")
            head = self.noun(collection, None, False, None)
            self.bound.append(_Bound(None, _collection_name(collection), self.letter()))
            try:
                condition = self.element_clause(node.predicate, False)
            finally:
                self.bound.pop()
            return self.pick(f"すべての{head}が{condition.removesuffix('の')}", f"every {head} {condition}")
        if node.function == "any":
            natural = self.some_named(node.predicate, collection, name)
            if natural is not None:
                return natural
        letter = self.letter()
        if _collection_name(collection) is not None:
            head = self.noun(collection, None, False, None)
            named = self.pick(f"{head}{letter}", f"{head} {letter}")
        else:
            named = self.pick(f"{self.value(collection)}の数{letter}", f"number {letter} from {self.value(collection)}")
        self.bound.append(_Bound(name, _collection_name(collection), letter))
        try:
            condition = self.clause(node.predicate)
        finally:
            self.bound.pop()
        if node.function == "any":
            return self.pick(f"ある{named}について（{condition}）", f"for some {named} ({condition})")
        each = _few_numbers(collection)
        if each is not None:
            # a loop over a few numbers: 「B＝1、2、3のそれぞれについて、…」 / "for each of B = 1, 2 and 3, …"
            return self.pick(
                f"{letter}＝{'、'.join(each)}のそれぞれについて、{condition}",
                f"for each of {letter} = {_series(each, 'and')}, {condition}",
            )
        return self.pick(f"すべての{named}について（{condition}）", f"for every {named} ({condition})")

    def some_named(self, predicate: ast.Expr, collection: ast.Expr, name: str) -> str | None:
        """`any(t in triplets: t.suit != honour and any(…) and any(…))` in Japanese as 「字牌でない刻子Aが
        あり、Aと同じ色で数字がAより1大きい刻子と、…刻子がある」: what is said of the element alone
        qualifies its noun, the rest follows, and clauses of being there share one 「がある」."""
        if _collection_name(collection) is None:
            return None
        parts = _flatten(predicate, "and")
        own = [o for o in (_own(p, name) for p in parts) if o is not None]
        rest = [p for p in parts if _own(p, name) is None]
        if not own or not rest:
            return None
        qualifier = own[0]
        for more in own[1:]:
            qualifier = ast.BoolOp("and", qualifier, more, more.span)
        noun = self.noun(collection, qualifier, False, None)
        match qualifier:
            case ast.Compare(operands=(ast.Name(id="suit"), ast.Name(id=suit)), ops=(op,)) if (
                self.ja and suit in _CONSTANTS
            ):
                head = self.noun(collection, None, False, None)
                noun = f"{_CONSTANTS[suit][0]}{'の' if op == '==' else 'でない'}{head}"
        letter = self.letter()
        self.bound.append(_Bound(name, _collection_name(collection), letter))
        try:
            said = [self.clause_part(p, "and", True) for p in rest]
        finally:
            self.bound.pop()
        if not self.ja:
            named = noun.replace(" that ", f" {letter} that ", 1) if " that " in noun else f"{noun} {letter}"
            return f"there is {_article(named)}, and " + (
                said[0] if len(said) == 1 else f"{', '.join(said[:-1])}, and {said[-1]}"
            )
        if len(said) > 1 and all(p.endswith("がある") for p in said):
            said = ["と、".join(p.removesuffix("がある") for p in said) + "がある"]
        return f"{noun}{letter}があり、{self.ja_and(said)}"


def _few_numbers(node: ast.Expr) -> list[str] | None:
    """The numbers of `1..3` or `[1, 2, 3]` written out, when there are at most five of them."""
    match node:
        case ast.Range(low=ast.Num(value=low), high=ast.Num(value=high)) if 1 < high - low + 1 <= 5:
            return [_fraction(v) for v in range(int(low), int(high) + 1)]
        case ast.ListExpr(items=items) if 1 < len(items) <= 5 and all(isinstance(i, ast.Num) for i in items):
            return [_fraction(i.value) for i in items if isinstance(i, ast.Num)]
    return None


def _own(node: ast.Expr, name: str) -> ast.Expr | None:
    """A condition on the named element alone (`t.suit != honour`, `not r.open`) as said of the implicit
    element (`suit != honour`), or None when it reads anything else."""
    match node:
        case ast.Attribute(target=ast.Name(id=owner), name=attr) if owner == name:
            return ast.Name(attr, node.span)
        case ast.Unary(op="not", operand=ast.Attribute(target=ast.Name(id=owner), name=attr)) if owner == name:
            return ast.Unary("not", ast.Name(attr, node.span), node.span)
        case ast.Compare(
            operands=(ast.Attribute(target=ast.Name(id=owner), name=attr), ast.Name() | ast.Num() as value),
            ops=(op,),
        ) if owner == name and not (isinstance(value, ast.Name) and value.id == name):
            return ast.Compare((ast.Name(attr, node.span), value), (op,), node.span)
    return None


_CONTINUATIVE = (
    ("大きい", "大きく、"),
    ("小さい", "小さく、"),
    ("である", "で、"),
    ("がある", "があり、"),
    ("ない", "なく、"),
    ("含む", "含み、"),
    ("いた", "いて、"),
)


def _singular(number: str, unit: str) -> str:
    """ "1 chip", "2 chips", "1 stick" (han and points do not change)."""
    return unit.removesuffix("s") if number == "1" and unit in ("chips", "sticks") else unit


def _continuative(part: str) -> str:
    """A Japanese clause joined to the next inside a noun modifier: 「筒子で、」「鳴いていなく、」."""
    for ending, joined in _CONTINUATIVE:
        if part.endswith(ending):
            return part[: -len(ending)] + joined
    return f"{part}、かつ" if part.endswith(("る", "た", "い")) else f"{part}で、"


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _relative(clause: str) -> str:
    """A Japanese clause before the noun it qualifies: a clause ending in a noun takes 「の」."""
    return clause if clause.endswith(("る", "い", "た", "の", "ない", "同じ", "違う")) else f"{clause}の"


def amount(node: ast.Expr, lang: str, unit: Text, words: Words | None = None) -> str:
    """A bonus or a payment line's value as counted at the table, in `unit` (翻, 点)."""
    return _Phraser(lang, words or Words()).amount(node, unit.pick(lang))


def _terms(node: ast.Expr, sign: int = 1) -> list[tuple[int, ast.Expr]]:
    """A chain of `+` and `-` as signed terms, left to right."""
    if isinstance(node, ast.Binary) and node.op in ("+", "-"):
        return [*_terms(node.left, sign), *_terms(node.right, sign if node.op == "+" else -sign)]
    return [(sign, node)]


def _series(parts: Sequence[str], word: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    if len(parts) == 2:
        return f"{parts[0]} {word} {parts[1]}"
    return ", ".join(parts[:-1]) + f", {word} {parts[-1]}"


def _excluded(node: ast.Expr) -> str | None:
    """The flag of `not double_riichi`, a negated flag that can be named as an exception."""
    match node:
        case ast.Unary(op="not", operand=ast.Name(id=name)) if name in _EXCLUDED:
            return name
    return None


def _joined(terms: list[ast.Expr], op: str) -> ast.Expr:
    """Terms joined again by `op` (the inverse of `_flatten`)."""
    joined = terms[0]
    for more in terms[1:]:
        joined = ast.BoolOp(op, joined, more, more.span)
    return joined


def _flatten(node: ast.Expr, op: str) -> list[ast.Expr]:
    if isinstance(node, ast.BoolOp) and node.op == op:
        return [*_flatten(node.left, op), *_flatten(node.right, op)]
    return [node]


def _plain(node: ast.Expr) -> str:
    """An element test in a canonical written form, to look up its compound noun (暗刻, 明槓)."""
    return unparse(node)


def _collection_name(node: ast.Expr) -> str | None:
    return node.id if isinstance(node, ast.Name) and node.id in _COLLECTIONS else None


def _is_collection(node: ast.Expr) -> bool:
    if isinstance(node, ast.Compare) and node.ops == ("in",):
        return True
    return (isinstance(node, ast.Name) and node.id in _COLLECTIONS) or isinstance(node, ast.ListExpr | ast.Range)


def _is_tile(node: ast.Expr, phraser: _Phraser) -> bool:
    if isinstance(node, ast.Name):
        bound = phraser.element_of(node.id)
        return node.id == "win" or (bound is not None and bound.collection in ("tiles", "nuki"))
    return False


def _names_attribute(node: ast.Expr) -> bool:
    name = node.name if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name in ("suit", "kind")


def hand_kind(node: ast.Expr, lang: str) -> str | None:
    """A payment line's condition that only says what hand it is, as a club member would: `han == 3 and
    yakuman == 0` as "a 3-han hand (not a yakuman)" / 「3翻（役満でない）」, `yakuman > 0` as "a yakuman"
    / 「役満」, `yaku_han == 0` as "a hand with no yaku"; None for any other condition."""
    match node:
        case ast.Compare(operands=(ast.Name(id="yaku_han"), ast.Num(value=0)), ops=("==",)):
            return "役のない和了" if lang == "ja" else "a hand with no yaku"
    han: str | None = None
    yakuman: bool | None = None
    for part in _flatten(node, "and"):
        match part:
            case ast.Compare(operands=(ast.Name(id="han"), ast.Num(value=n)), ops=("==",)) if han is None:
                han = _fraction(n)
            case ast.Compare(operands=(ast.Name(id="yakuman"), ast.Num(value=0)), ops=("==" | "<=",)) if (
                yakuman is None
            ):
                yakuman = False
            case ast.Compare(operands=(ast.Name(id="yakuman"), ast.Num(value=n)), ops=(op,)) if yakuman is None and (
                (op == ">" and n == 0) or (op == ">=" and n == 1)
            ):
                yakuman = True
            case _:
                return None
    ja = lang == "ja"
    if han is not None:
        hand = f"{han}翻" if ja else f"a {han}-han hand"
        if yakuman is False:
            return f"{hand}（役満でない）" if ja else f"{hand} (not a yakuman)"
        if yakuman is True:
            return f"{hand}の役満" if ja else f"{hand} that is a yakuman"
        return hand
    if yakuman is None:
        return None
    return (
        ("役満" if yakuman else "役満でない手") if ja else ("a yakuman" if yakuman else "a hand that is not a yakuman")
    )


def calls_except(node: ast.Expr, lang: str) -> str | None:
    """`calls - count(melds: kind == kan)` as what it counts: "the calls that are not kans" /
    「槓子以外の副露の数」; None for any other value."""
    match node:
        case ast.Binary(
            op="-",
            left=ast.Name(id="calls"),
            right=ast.Call(
                function="count",
                args=(ast.Name(id="melds"),),
                predicate=ast.Compare(operands=(ast.Name(id="kind"), ast.Name(id=kind)), ops=("==",)),
            ),
        ) if kind in _CONSTANTS:
            if kind == "kan":  # a pon made into a kan (加槓) is a kan, not a pon
                if lang == "ja":
                    return "カンを除いたポンとチーの数（ポンに加槓した面子はカンとして数える）"
                return "the calls that are not kans (a pon made into a kan is a kan)"
            ja, en = _CONSTANTS[kind]
            return f"{ja}以外の副露の数" if lang == "ja" else f"the calls that are not {en.split(' ')[-1]}s"
    return None
