#!/usr/bin/env python3
"""Writes a deterministic benchmark corpus in sitegen's site layout.

    bench/make_corpus.py N OUT_DIR [--seed S] [--words W] [--collections]

OUT_DIR gets site.yml and content/ with N posts of about W words of varied
Markdown (Korean, English and a mix of both), 50 menu items, 20 profiles and
primes.md. With --collections also a custom collection and a data file:
content/events/ (one event per 10 posts, declared under `collections:` in
site.yml with typed fields and a taxonomy), data/budget.csv (300 rows) and
content/budget.md, whose `layout: budget` (templates/budget.mustache) shows
the rows as a table. The same corpus is read by sitegen directly and by Hugo
through the site that bench/hugo_site.py lays next to it.

Everything comes from seeded PRNGs, one per item, so the same arguments give
byte-identical files, and post i is the same file whatever N is (a 1,000-post
corpus is a prefix of the 10,000-post one). --collections leaves the posts,
menu, profiles and primes.md byte for byte as they are without it; it adds
files and two nav entries. Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import os
import random
import shutil
import sys

GENERATOR_VERSION = "1"  # bump when the output changes, so cached corpora are rebuilt

SITE_TITLE = "벤치 스터디"
SITE_DESCRIPTION = "A generated study-group site for benchmarking static site generators."
BASE_URL = "https://bench.example.org/"
LANGUAGE = "ko"
NAV = [
    ("홈", "/"),
    ("Scrum 스터디 방", "/posts/"),
    ("우노의 심야식당", "/menu/"),
    ("프로필", "/profiles/"),
    ("카운터", "/counter/"),
    ("소수", "/primes/"),
]
# Only in a corpus with --collections: the custom collection and the report page.
COLLECTION_NAV = [
    ("행사", "/events/"),
    ("예산", "/budget/"),
]
MENU_COUNT = 50
PROFILE_COUNT = 20
POSTS_PER_EVENT = 10
BUDGET_ROWS = 300
EVENTS_TITLE = "행사"
SPEAKERS_TITLE = "발표자"
EVENTS_PAGINATE = 10

# --- word lists -----------------------------------------------------------

EN_NOUNS = """team sprint backlog story estimate task bug test release build
template page site board standup review demo goal priority velocity ticket
branch commit pipeline server cache index feed sitemap layout partial theme
question answer idea screen database query migration deploy meeting schedule
document draft note example problem solution result feedback kanban column
card user editor file folder parser renderer benchmark counter prime profile
menu snack coffee noodle dinner weekend morning deadline checklist roadmap
owner reviewer facilitator timebox increment workflow retrospective metric
chart incident alert runbook script function module package dependency""".split()

EN_ADJECTIVES = """small large quick slow careful noisy quiet stable flaky
simple tricky clear vague fresh stale late early tired happy busy calm
shared private useful awkward honest tiny huge steady sudden gentle strict
loose brave curious sleepy hungry clever modest""".split()

EN_ADVERBS = """quickly slowly carefully again together finally almost
rarely often quietly openly gently honestly twice barely suddenly""".split()

# (base, third person singular, past)
EN_VERBS = [
    ("split", "splits", "split"), ("review", "reviews", "reviewed"), ("merge", "merges", "merged"),
    ("ship", "ships", "shipped"), ("fix", "fixes", "fixed"), ("break", "breaks", "broke"),
    ("measure", "measures", "measured"), ("estimate", "estimates", "estimated"),
    ("rewrite", "rewrites", "rewrote"), ("cache", "caches", "cached"), ("render", "renders", "rendered"),
    ("skip", "skips", "skipped"), ("plan", "plans", "planned"), ("share", "shares", "shared"),
    ("move", "moves", "moved"), ("test", "tests", "tested"), ("drop", "drops", "dropped"),
    ("find", "finds", "found"), ("build", "builds", "built"), ("explain", "explains", "explained"),
    ("track", "tracks", "tracked"), ("question", "questions", "questioned"), ("close", "closes", "closed"),
    ("open", "opens", "opened"), ("trim", "trims", "trimmed"), ("cook", "cooks", "cooked"),
]

EN_PREPOSITIONS = "in on after before during behind beside under over without with near".split()
EN_DETERMINERS = "the a every our their one this that each".split()
EN_PRONOUNS = "we they you she he it".split()
EN_MODALS = "should could might will must can".split()
EN_TIMES = ["this morning", "last sprint", "on Friday", "after lunch", "before the demo",
            "late at night", "every Monday", "during the retro", "right now", "next week"]
EN_OPENERS = ["Honestly", "Luckily", "In the end", "To be fair", "Surprisingly", "As usual",
              "Meanwhile", "For now", "Still", "Even so"]

KO_NOUNS = """팀 스프린트 백로그 회고 스토리 작업 버그 테스트 배포 일정 회의 문서
코드 리뷰 데모 목표 우선순위 속도 야식 메뉴 라면 김밥 커피 계획 질문 답변
아이디어 화면 서버 데이터 빌드 템플릿 사이트 페이지 소수 카운터 프로필 주제
발표 자료 예제 문제 해결책 결과 피드백 칸반 보드 체크리스트 마감 주말 저녁
아침 점심 파이프라인 캐시 색인 피드 레이아웃 테마 파일 폴더 브랜치 커밋
에러 경고 로그 지표 차트 습관 규칙 약속 노트 연습""".split()

KO_VERBS = """정리했어요 논의했어요 발표했어요 만들었어요 고쳤어요 확인했어요
준비했어요 나눴어요 공유했어요 바꿨어요 배웠어요 시작했어요 끝냈어요
줄였어요 늘렸어요 추가했어요 테스트했어요 기록했어요 옮겼어요 지웠어요
정리합니다 확인합니다 공유합니다 준비합니다 고칠게요 해볼게요 살펴봤어요""".split()

KO_PREDICATES = """좋았어요 어려웠어요 재미있었어요 길었어요 짧았어요 복잡했어요
간단했어요 괜찮았어요 빨랐어요 느렸어요 중요해요 필요해요 애매했어요
깔끔했어요 든든했어요 아쉬웠어요 충분했어요 낯설었어요""".split()

KO_PAST_PREDICATES = [word for word in KO_PREDICATES if word.endswith(("았어요", "었어요", "였어요", "했어요"))]

KO_TIMES = ["어제", "오늘", "지난주", "이번 스프린트에서", "아침에", "점심 먹고",
            "밤늦게", "주말에", "회의 중에", "데모 직전에", "퇴근 전에", "처음에는"]

KO_ADVERBS = """천천히 빠르게 꼼꼼하게 다시 함께 조금 많이 드디어 결국 일단
생각보다 의외로 확실히 대충 제대로 미리""".split()

KO_CONNECTORS = ["그래서", "그런데", "그리고", "하지만", "덕분에", "그러니까", "게다가"]

TAGS = ["scrum", "retro", "planning", "review", "standup", "kanban", "야식", "스터디",
        "회고", "배포", "testing", "swift", "markdown", "templates", "primes", "performance"]

USERNAMES = ["프렘", "민디고", "천원", "쵸비", "라쿤", "스티브", "Kim", "Alex", "하늘", "바다",
             "도윤", "서연", "Jordan", "지호", "Morgan", "유나", "Sam", "태오", "Riley", "은비"]
PROFILE_SLUGS = ["prem", "mindigo", "cheonwon", "chovy", "raccoon", "steve", "kim", "alex",
                 "haneul", "bada", "doyun", "seoyeon", "jordan", "jiho", "morgan", "yuna", "sam",
                 "taeo", "riley", "eunbi"]

DISHES = [
    ("갈비찜", "galbijjim"), ("대방어", "daebangeo"), ("신선로", "sinseonro"), ("베이징덕", "peking-duck"),
    ("김치찌개", "kimchi-jjigae"), ("된장찌개", "doenjang-jjigae"), ("떡볶이", "tteokbokki"),
    ("라면", "ramyeon"), ("우동", "udon"), ("오므라이스", "omurice"), ("돈까스", "donkatsu"),
    ("닭강정", "dakgangjeong"), ("파전", "pajeon"), ("감자탕", "gamjatang"), ("냉면", "naengmyeon"),
    ("비빔밥", "bibimbap"), ("불고기", "bulgogi"), ("잡채", "japchae"), ("순두부", "sundubu"),
    ("계란말이", "gyeranmari"), ("어묵탕", "eomuktang"), ("볶음밥", "bokkeumbap"),
]
DISH_STYLES = [
    ("매운", "spicy"), ("달콤한", "sweet"), ("숯불", "charcoal"), ("얼큰한", "hearty"),
    ("바삭한", "crispy"), ("수제", "homemade"), ("특제", "special"), ("할머니", "grandma"),
    ("우노표", "uno"), ("한정", "limited"),
]

CODE_LANGUAGES = ["swift", "python", "bash", "yaml", "json", ""]
STATUSES = ["완료", "진행 중", "대기", "blocked", "done", "리뷰 중"]


# --- small helpers --------------------------------------------------------

def has_final_consonant(word: str) -> bool:
    """True when the last Hangul syllable of word ends in a consonant (받침)."""
    last = word[-1]
    if "가" <= last <= "힣":
        return (ord(last) - 0xAC00) % 28 != 0
    return last.lower() in "lmnrbkptg"  # English loan words: a rough sound-based guess


def particle(word: str, with_final: str, without_final: str) -> str:
    return word + (with_final if has_final_consonant(word) else without_final)


def count_words(text: str) -> int:
    """Whitespace-separated tokens with a letter or digit in them (not `|`, `-`, `>` …)."""
    return sum(1 for token in text.split() if any(character.isalnum() for character in token))


def yaml_string(text: str) -> str:
    """A double-quoted YAML scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Writer:
    """Builds the Markdown of one item from its own PRNG."""

    def __init__(self, rng: random.Random, post_count: int, index: int, seed: int):
        self.rng = rng
        self.post_count = post_count
        self.index = index
        self.seed = seed
        self.inline = True  # False: plain sentences, no Markdown markup

    # inline text
    def decorate(self, words: list[str]) -> list[str]:
        """Adds emphasis, code spans and links to a few words of a sentence."""
        rng = self.rng
        if not self.inline or len(words) < 4 or rng.random() > 0.55:
            return words
        i = rng.randrange(1, len(words) - 1)
        word = words[i]
        if word[-1] in ".,?!;:" or "`" in word or word == "—":
            return words
        kind = rng.random()
        if kind < 0.3:
            words[i] = f"**{word}**"
        elif kind < 0.55:
            words[i] = f"*{word}*"
        elif kind < 0.7:
            words[i] = f"`{rng.choice(EN_NOUNS)}_{rng.choice(EN_NOUNS)}()`"
        elif kind < 0.85 and self.index > 1:
            other = rng.randrange(1, self.index)
            words[i] = f"[{word}](/posts/{post_slug(self.seed, other)}/)"
        else:
            words[i] = f"[{word}](https://example.org/{rng.choice(EN_NOUNS)}/{rng.choice(EN_NOUNS)})"
        return words

    def english_sentence(self) -> str:
        rng = self.rng
        base, third, past = rng.choice(EN_VERBS)
        noun, noun2, noun3 = rng.choice(EN_NOUNS), rng.choice(EN_NOUNS), rng.choice(EN_NOUNS)
        adj = rng.choice(EN_ADJECTIVES)
        pattern = rng.randrange(7)
        if pattern == 0:
            text = (f"{rng.choice(EN_DETERMINERS)} {adj} {noun} {past} {rng.choice(EN_DETERMINERS)} {noun2} "
                    f"{rng.choice(EN_PREPOSITIONS)} the {noun3}.")
        elif pattern == 1:
            text = (f"we {past} the {noun} {rng.choice(EN_ADVERBS)}, and the {noun2} "
                    f"{rng.choice(EN_VERBS)[2]} {rng.choice(EN_DETERMINERS)} {noun3}.")
        elif pattern == 2:
            text = f"why does the {adj} {noun} {base} {rng.choice(EN_DETERMINERS)} {noun2} {rng.choice(EN_TIMES)}?"
        elif pattern == 3:
            text = (f"if the {noun} {third} the {noun2}, {rng.choice(EN_PRONOUNS)} {rng.choice(EN_MODALS)} "
                    f"{rng.choice(EN_VERBS)[0]} the {rng.choice(EN_ADJECTIVES)} {noun3} {rng.choice(EN_ADVERBS)}.")
        elif pattern == 4:
            text = f"{rng.choice(EN_OPENERS)}, the {noun} was {adj} {rng.choice(EN_TIMES)}."
        elif pattern == 5:
            count = rng.randrange(2, 40)
            text = f"{rng.choice(EN_PRONOUNS)} {past} {count} {noun}s {rng.choice(EN_PREPOSITIONS)} the {adj} {noun2}."
        else:
            text = (f"nobody {past} the {noun} until the {noun2} {rng.choice(EN_VERBS)[2]} "
                    f"{rng.choice(EN_ADVERBS)}; the {noun3} stayed {rng.choice(EN_ADJECTIVES)}.")
        text = text[0].upper() + text[1:]
        return " ".join(self.decorate(text.split()))

    def korean_sentence(self) -> str:
        rng = self.rng
        noun, noun2, noun3 = rng.choice(KO_NOUNS), rng.choice(KO_NOUNS), rng.choice(KO_NOUNS)
        pattern = rng.randrange(7)
        if pattern == 0:
            text = f"{rng.choice(KO_TIMES)} {particle(noun, '은', '는')} {particle(noun2, '을', '를')} {rng.choice(KO_VERBS)}."
        elif pattern == 1:
            text = f"{particle(noun, '이', '가')} {rng.choice(KO_ADVERBS)} {rng.choice(KO_PREDICATES)}."
        elif pattern == 2:
            text = f"{noun}에서 {particle(noun2, '과', '와')} {particle(noun3, '을', '를')} {rng.choice(KO_ADVERBS)} {rng.choice(KO_VERBS)}."
        elif pattern == 3:
            text = f"{rng.choice(KO_CONNECTORS)} {rng.choice(USERNAMES)}님이 {particle(noun, '을', '를')} {rng.choice(KO_VERBS)}."
        elif pattern == 4:
            text = f"{particle(noun, '이', '가')} 왜 {rng.choice(KO_PAST_PREDICATES)[:-2]}을까요?"
        elif pattern == 5:
            count = rng.randrange(2, 30)
            text = f"{particle(noun, '은', '는')} {count}개 정도였고, {particle(noun2, '은', '는')} {rng.choice(KO_PREDICATES)}."
        else:
            text = f"다음에는 {particle(noun, '을', '를')} {rng.choice(KO_ADVERBS)} {rng.choice(KO_VERBS)}."
        return " ".join(self.decorate(text.split()))

    def mixed_sentence(self) -> str:
        rng = self.rng
        english = rng.choice(EN_NOUNS)
        pattern = rng.randrange(4)
        if pattern == 0:
            text = f"{english} {rng.choice(EN_NOUNS)} 얘기를 {rng.choice(KO_TIMES)} {rng.choice(KO_VERBS)}."
        elif pattern == 1:
            text = f"{rng.choice(KO_TIMES)} {particle(rng.choice(KO_NOUNS), '은', '는')} {english} 때문에 {rng.choice(KO_PREDICATES)}."
        elif pattern == 2:
            base, _, past = rng.choice(EN_VERBS)
            text = f"We {past} the {english} — {particle(rng.choice(KO_NOUNS), '이', '가')} {rng.choice(KO_PREDICATES)}."
        else:
            text = f"`sitegen build` 한 번에 {rng.randrange(1, 60)}초, {english} 쪽은 {rng.choice(KO_PREDICATES)}."
        return " ".join(self.decorate(text.split()))

    def sentence(self, language: str) -> str:
        if language == "en":
            return self.english_sentence()
        if language == "ko":
            return self.korean_sentence()
        return self.mixed_sentence()

    def language(self) -> str:
        roll = self.rng.random()
        return "ko" if roll < 0.5 else "en" if roll < 0.85 else "mix"

    # blocks
    def paragraph(self) -> str:
        language = self.language()
        count = self.rng.randrange(2, 7)
        return " ".join(self.sentence(language if self.rng.random() < 0.8 else "mix") for _ in range(count))

    def heading(self) -> str:
        rng = self.rng
        level = "##" if rng.random() < 0.65 else "###"
        if rng.random() < 0.5:
            text = f"{rng.choice(KO_NOUNS)} {rng.choice(['정리', '회고', '메모', '질문', '계획', '결과'])}"
        else:
            text = f"{rng.choice(EN_ADJECTIVES).capitalize()} {rng.choice(EN_NOUNS)} {rng.choice(EN_NOUNS)}s"
        return f"{level} {text}"

    def bullet_list(self) -> str:
        language = self.language()
        items = [f"- {self.sentence(language)}" for _ in range(self.rng.randrange(3, 7))]
        if self.rng.random() < 0.25:  # a nested list
            items.insert(self.rng.randrange(1, len(items) + 1),
                         "\n".join(f"  - {self.sentence(language)}" for _ in range(2)))
        return "\n".join(items)

    def numbered_list(self) -> str:
        language = self.language()
        return "\n".join(f"{n}. {self.sentence(language)}" for n in range(1, self.rng.randrange(3, 7) + 1))

    def blockquote(self) -> str:
        language = self.language()
        lines = [f"> {self.sentence(language)}" for _ in range(self.rng.randrange(1, 4))]
        if self.rng.random() < 0.5:
            lines.append(">")
            lines.append(f"> — {self.rng.choice(USERNAMES)}")
        return "\n".join(lines)

    def identifier(self) -> str:
        first, second = self.rng.choice(EN_NOUNS), self.rng.choice(EN_NOUNS)
        return first + second.capitalize()

    def code_block(self) -> str:
        rng = self.rng
        language = rng.choice(CODE_LANGUAGES)
        lines: list[str] = []
        for _ in range(rng.randrange(3, 11)):
            name, value = self.identifier(), rng.randrange(1, 1000)
            if language == "swift":
                lines.append(rng.choice([
                    f"let {name} = {value}",
                    f"func {name}(_ input: Int) -> Int {{ input * {value} }}",
                    f"if {name} > {value} {{ print(\"{rng.choice(KO_NOUNS)}: \\({name})\") }}",
                    f"var {name}: [String] = [\"{rng.choice(EN_NOUNS)}\", \"{rng.choice(KO_NOUNS)}\"]",
                ]))
            elif language == "python":
                lines.append(rng.choice([
                    f"{name.lower()} = {value}",
                    f"def {name.lower()}(items):\n    return [item for item in items if item < {value}]",
                    f"print(f\"{rng.choice(KO_NOUNS)} {{{name.lower()}}}\")",
                    f"for index in range({value}):\n    total += index  # {rng.choice(EN_NOUNS)}",
                ]))
            elif language == "bash":
                lines.append(rng.choice([
                    f"sitegen build --site {rng.choice(EN_NOUNS)} --output public",
                    f"git commit -m \"{rng.choice(EN_VERBS)[0]} the {rng.choice(EN_NOUNS)}\"",
                    f"grep -rn {name} content/ | wc -l",
                    f"time make {rng.choice(['site', 'test', 'bench'])}  # {value} ms",
                ]))
            elif language == "yaml":
                lines.append(rng.choice([
                    f"{name}: {value}",
                    f"{rng.choice(EN_NOUNS)}: [{rng.choice(KO_NOUNS)}, {rng.choice(KO_NOUNS)}]",
                    f"title: {rng.choice(KO_NOUNS)} {rng.choice(EN_NOUNS)}",
                ]))
            elif language == "json":
                lines.append(f"{{\"{name}\": {value}, \"{rng.choice(EN_NOUNS)}\": \"{rng.choice(KO_NOUNS)}\"}}")
            else:
                lines.append(f"{rng.choice(KO_NOUNS)} -> {name} ({value})")
        return f"```{language}\n" + "\n".join(lines) + "\n```"

    def table(self) -> str:
        rng = self.rng
        header = rng.choice([["항목", "담당", "상태", "points"], ["task", "owner", "status"],
                             ["메뉴", "가격", "평점"], ["metric", "before", "after", "비고"]])
        rows = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
        for _ in range(rng.randrange(3, 7)):
            cells = []
            for column in header:
                if column in ("담당", "owner"):
                    cells.append(rng.choice(USERNAMES))
                elif column in ("상태", "status"):
                    cells.append(rng.choice(STATUSES))
                elif column in ("points", "before", "after", "평점"):
                    cells.append(str(rng.randrange(1, 100)))
                elif column == "가격":
                    cells.append(f"{rng.randrange(5, 120) * 1000:,}원")
                elif column == "비고":
                    cells.append(rng.choice(KO_PREDICATES))
                else:
                    cells.append(f"{rng.choice(KO_NOUNS)} {rng.choice(EN_NOUNS)}")
            rows.append("| " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def body(self, target_words: int) -> str:
        """Blocks until the prose reaches about target_words words."""
        rng = self.rng
        blocks = [self.paragraph()]
        words = count_words(blocks[0])
        while words < target_words:
            roll = rng.random()
            if roll < 0.12:
                block = self.heading() + "\n\n" + self.paragraph()
            elif roll < 0.52:
                block = self.paragraph()
            elif roll < 0.64:
                block = self.bullet_list()
            elif roll < 0.72:
                block = self.numbered_list()
            elif roll < 0.82:
                block = self.code_block()
            elif roll < 0.92:
                block = self.blockquote()
            else:
                block = self.table()
            blocks.append(block)
            words += count_words(block)
        return "\n\n".join(blocks) + "\n"


# --- items ----------------------------------------------------------------

def post_slug(seed: int, index: int) -> str:
    rng = random.Random(f"{seed}/slug/{index}")
    words = [rng.choice(EN_NOUNS) for _ in range(rng.randrange(2, 4))]
    return f"{index:05d}-" + "-".join(words)


def post_date(seed: int, index: int) -> dt.datetime:
    """Strictly increasing with index: 90 minutes apart plus up to 59 minutes of jitter."""
    rng = random.Random(f"{seed}/date/{index}")
    start = dt.datetime(2015, 1, 1, 9, 0, tzinfo=dt.timezone(dt.timedelta(hours=9)))
    return start + dt.timedelta(minutes=index * 90 + rng.randrange(60))


def post_file(seed: int, index: int, post_count: int, words: int) -> tuple[str, str]:
    rng = random.Random(f"{seed}/post/{index}")
    writer = Writer(rng, post_count, index, seed)
    if rng.random() < 0.5:
        title = f"{rng.choice(KO_NOUNS)} {rng.choice(['정리', '회고', '후기', '질문', '공유', '메모'])} #{index}"
    else:
        title = f"{rng.choice(EN_ADJECTIVES).capitalize()} {rng.choice(EN_NOUNS)}: {rng.choice(EN_NOUNS)} notes #{index}"
    tags = rng.sample(TAGS, rng.randrange(1, 4))
    target = rng.randrange(words * 9 // 10, words * 11 // 10 + 1)
    front = (
        "---\n"
        f"username: {rng.choice(USERNAMES)}\n"
        f"title: {yaml_string(title)}\n"
        f"date: {post_date(seed, index).isoformat()}\n"
        f"tags: [{', '.join(tags)}]\n"
        "---\n"
    )
    return f"posts/{post_slug(seed, index)}.md", front + writer.body(target)


def menu_files(seed: int) -> list[tuple[str, str]]:
    rng = random.Random(f"{seed}/menu")
    combos = [(style, dish) for dish in DISHES for style in DISH_STYLES]
    chosen = rng.sample(combos, MENU_COUNT)
    files = []
    for number, ((style_ko, style_en), (dish_ko, dish_en)) in enumerate(chosen, start=1):
        writer = Writer(random.Random(f"{seed}/menu/{number}"), 0, 0, seed)
        price = rng.randrange(5, 151) * 1000
        price_text = str(price) if number % 3 else yaml_string(str(price))  # both forms are accepted
        body = "\n\n".join(writer.paragraph() for _ in range(rng.randrange(1, 4)))
        text = f"---\nname: {style_ko} {dish_ko}\nprice: {price_text}\n---\n{body}\n"
        files.append((f"menu/{number:02d}-{style_en}-{dish_en}.md", text))
    return files


def profile_files(seed: int) -> list[tuple[str, str]]:
    files = []
    for number, (name, slug) in enumerate(zip(USERNAMES, PROFILE_SLUGS), start=1):
        writer = Writer(random.Random(f"{seed}/profile/{number}"), 0, 0, seed)
        writer.inline = False
        bio = writer.sentence(writer.language()).replace("`", "")
        writer.inline = True
        body = "\n\n".join(writer.paragraph() for _ in range(2))
        files.append((f"profiles/{slug}.md", f"---\nname: {name}\nbio: {yaml_string(bio)}\n---\n{body}\n"))
    return files[:PROFILE_COUNT]


def primes_file(seed: int) -> str:
    rng = random.Random(f"{seed}/primes")
    small_primes = [p for p in range(2, 2000) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
    favorites = sorted(rng.sample(small_primes, 12))
    count = rng.randrange(2, 5000)
    return (
        "---\n# The counter and the favorite primes.\n"
        f"count: {count}\n"
        f"favorites: [{', '.join(map(str, favorites))}]\n"
        "---\n"
        "Count up, count down, and collect your favorite primes. 소수를 모아 보세요.\n"
    )


VENUES = ["본관 3층 세미나실", "Community Hall B", "우노의 심야식당", "도서관 그룹 스터디룸", "Online (video call)",
          "Rooftop garden", "카페 온도", "Makerspace, 2nd floor"]
EVENT_KINDS_KO = ["워크숍", "스터디", "발표회", "밋업", "해커톤", "회고 모임"]
EVENT_KINDS_EN = ["workshop", "meetup", "lightning talks", "reading group", "hack night", "retro night"]
BUDGET_CATEGORIES = ["간식", "장소", "도서", "서버", "행사", "교통", "printing", "software"]


def event_slug(seed: int, number: int) -> str:
    rng = random.Random(f"{seed}/event-slug/{number}")
    return f"{number:04d}-" + "-".join(rng.choice(EN_NOUNS) for _ in range(2))


def event_count(post_count: int) -> int:
    return max(1, post_count // POSTS_PER_EVENT)


def event_file(seed: int, number: int) -> tuple[str, str]:
    """One item of the custom `events` collection: every declared field, then a short Markdown body."""
    rng = random.Random(f"{seed}/event/{number}")
    writer = Writer(random.Random(f"{seed}/event-body/{number}"), 0, 0, seed)
    if rng.random() < 0.5:
        title = f"{rng.choice(KO_NOUNS)} {rng.choice(EVENT_KINDS_KO)} #{number}"
    else:
        title = f"{rng.choice(EN_ADJECTIVES).capitalize()} {rng.choice(EVENT_KINDS_EN)}: {rng.choice(EN_NOUNS)}s #{number}"
    # 15 hours apart from early 2015: 5,000 events (a 50k corpus) end in 2023, all in the past.
    starts = dt.datetime(2015, 1, 2, 19, 0, tzinfo=dt.timezone(dt.timedelta(hours=9))) + dt.timedelta(hours=15 * number)
    speakers = rng.sample(USERNAMES, rng.randrange(1, 4))
    front = (
        "---\n"
        f"title: {yaml_string(title)}\n"
        f"starts: {starts.isoformat()}\n"
        f"venue: {yaml_string(rng.choice(VENUES))}\n"
        f"seats: {rng.randrange(8, 201)}\n"
        f"speakers: [{', '.join(speakers)}]\n"
        "---\n"
    )
    body = "\n\n".join(writer.paragraph() for _ in range(rng.randrange(1, 3)))
    return f"events/{event_slug(seed, number)}.md", front + body + "\n"


BUDGET_COLUMNS = ["month", "category", "item", "owner", "amount"]


def budget_csv(seed: int) -> str:
    """data/budget.csv: a header and BUDGET_ROWS rows, RFC 4180 (some items quoted for their comma)."""
    rng = random.Random(f"{seed}/budget")
    out = io.StringIO()
    table = csv.writer(out, lineterminator="\n")
    table.writerow(BUDGET_COLUMNS)
    for number in range(BUDGET_ROWS):
        item = f"{rng.choice(KO_NOUNS)} {rng.choice(EN_NOUNS)}"
        if number % 7 == 3:
            item += f", {rng.choice(EN_NOUNS)}"  # a quoted comma
        table.writerow([f"2024-{1 + number * 12 // BUDGET_ROWS:02d}", rng.choice(BUDGET_CATEGORIES), item,
                        rng.choice(USERNAMES), rng.randrange(1, 500) * 1000])
    return out.getvalue()


def budget_page(seed: int) -> str:
    writer = Writer(random.Random(f"{seed}/budget-page"), 0, 0, seed)
    return f"---\ntitle: 예산\nlayout: budget\n---\n{writer.paragraph()}\n"


# The report page's layout (`layout: budget`): the page's own text, then every row of data/budget.csv.
BUDGET_TEMPLATE = """{{<layout}}
{{$main}}
<article class="report">
  <h1>{{title}}</h1>
  <div class="prose">{{{content}}}</div>
  <table class="budget">
    <thead>
      <tr><th scope="col">월</th><th scope="col">분류</th><th scope="col">항목</th><th scope="col">담당</th><th scope="col">금액</th></tr>
    </thead>
    <tbody>
      {{#site.data.budget}}
      <tr><td>{{month}}</td><td>{{category}}</td><td>{{item}}</td><td>{{owner}}</td><td>{{amount}}</td></tr>
      {{/site.data.budget}}
    </tbody>
  </table>
</article>
{{/main}}
{{/layout}}
"""


def nav(collections: bool) -> list[tuple[str, str]]:
    return NAV + (COLLECTION_NAV if collections else [])


# The custom collection, in the syntax of issue 47's example (an `events` collection with typed
# fields, a taxonomy list field, its own sort and pagination).
COLLECTIONS_YML = f"""collections:
  events:
    title: {EVENTS_TITLE}
    fields:
      title:    {{type: text, required: true}}
      starts:   {{type: date, required: true}}
      venue:    {{type: text}}
      seats:    {{type: integer, min: 0}}
      speakers: {{type: list, taxonomy: true}}
    sort: {{by: starts, order: ascending}}
    paginate: {EVENTS_PAGINATE}
"""


def site_yml(collections: bool = False) -> str:
    entries = "\n".join(f"  - {{title: {title}, url: {url}}}" for title, url in nav(collections))
    return (
        f"title: {SITE_TITLE}\n"
        f"description: {SITE_DESCRIPTION}\n"
        f"base_url: {BASE_URL}\n"
        f"language: {LANGUAGE}\n"
        f"nav:\n{entries}\n"
        "unsafe_html: false\n"
        + (COLLECTIONS_YML if collections else "")
    )


def write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def generate(count: int, out: str, seed: int, words: int, collections: bool = False) -> dict:
    """Writes the corpus into out (replacing its content/, site.yml and, with collections, data/budget.csv and
    templates/budget.mustache); returns a summary."""
    shutil.rmtree(os.path.join(out, "content"), ignore_errors=True)
    for extra in (os.path.join(out, "data", "budget.csv"), os.path.join(out, "templates", "budget.mustache")):
        if os.path.exists(extra):
            os.remove(extra)
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "site.yml"), site_yml(collections))
    total_words = total_bytes = 0
    for index in range(1, count + 1):
        relative, text = post_file(seed, index, count, words)
        write(os.path.join(out, "content", relative), text)
        total_words += count_words(text.split("---\n", 2)[2])
        total_bytes += len(text.encode())
    for relative, text in menu_files(seed) + profile_files(seed):
        write(os.path.join(out, "content", relative), text)
    write(os.path.join(out, "content", "primes.md"), primes_file(seed))
    events = event_count(count) if collections else 0
    if collections:
        for number in range(1, events + 1):
            relative, text = event_file(seed, number)
            write(os.path.join(out, "content", relative), text)
        write(os.path.join(out, "data", "budget.csv"), budget_csv(seed))
        write(os.path.join(out, "content", "budget.md"), budget_page(seed))
        write(os.path.join(out, "templates", "budget.mustache"), BUDGET_TEMPLATE)
    return {"posts": count, "words": total_words, "bytes": total_bytes, "events": events,
            "budget_rows": BUDGET_ROWS if collections else 0}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int, metavar="N", help="number of posts")
    parser.add_argument("out", metavar="OUT_DIR", help="folder to write site.yml and content/ into")
    parser.add_argument("--seed", type=int, default=1, help="PRNG seed (default 1)")
    parser.add_argument("--words", type=int, default=800, help="about how many words per post (default 800)")
    parser.add_argument("--collections", action="store_true",
                        help="also a custom collection (content/events/, declared in site.yml) and a data file "
                             "(data/budget.csv) shown by content/budget.md's layout (templates/budget.mustache)")
    args = parser.parse_args(argv)
    if args.count < 0 or args.words < 10:
        parser.error("N must be >= 0 and --words >= 10")
    summary = generate(args.count, args.out, args.seed, args.words, args.collections)
    extra = (f", {summary['events']} events, data/budget.csv ({summary['budget_rows']} rows), budget.md"
             if args.collections else "")
    print(f"{args.out}: {summary['posts']} posts, {summary['words']:,} words in post bodies, "
          f"{summary['bytes'] / 1e6:.1f} MB of posts, {MENU_COUNT} menu items, {PROFILE_COUNT} profiles, primes.md"
          f"{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
