"""The forty-fourth held-out set's data: six files on three topics, each imitating a real export or download.

* `atp_matches_2023.csv`: a season file of Jeff Sackmann's `tennis_atp` repository: one row per tour-level
  singles match, 49 columns (`tourney_id,tourney_name,surface,draw_size,tourney_level,tourney_date,match_num,
  winner_id,winner_seed,winner_entry,winner_name,...,score,best_of,round,minutes,w_ace,...,loser_rank_points`),
  `tourney_date` the tournament's first day as a `YYYYMMDD` number (not the day the match was played), each
  event's rows from the final down (`match_num` 300 for the final), the score as text (`7-6(4) 3-6 6-2`, the
  tiebreak loser's points in brackets, `6-3 2-1 RET`, `W/O`), walkovers with no minutes and no statistics, names
  as the repository spells them (`Christopher Oconnell`, `Felix Auger Aliassime`), hand `U` for unknown.
* `atp_rankings_current.csv`: the same repository's weekly singles rankings (`ranking_date,rank,player,points`)
  cut to 2023: the player as an ID only (the names are in the match file), the date as `YYYYMMDD`, no ranking
  on the middle Monday of the two-week events, players level on points sharing a rank.
* `311734582_riverbend-regional-medical-center_standardcharges.csv`: a hospital's price transparency
  machine-readable file in CMS's CSV "wide" template v2.0.0: row 1 the general data element names (the last
  one the affirmation statement itself), row 2 their values, row 3 the column headers, six headers per payer and
  plan (`standard_charge|Aetna|Open Access Managed Choice|negotiated_dollar` ...), the CPT code in `code|1` on
  some rows and in `code|2` (beside a chargemaster `CDM` code) on others, professional rows (modifier `26`,
  `billing_class` professional) beside the facility rows, payer rates as dollars, as a percentage of billed
  charges with an estimated amount, per diem or blank, UTF-8 with a byte order mark.
* `316021447_st-columba-hospital_standardcharges.json`: a second hospital's file in CMS's JSON schema v2.0.0
  (`standard_charge_information[].code_information[]`, `.standard_charges[].payers_information[]`), minified
  on one line.
* `DL_FIRE_SV-C2_583941.zip` and `DL_FIRE_M-C61_583940.zip`: two NASA FIRMS downloads of active fire detections
  over Victoria, Australia, 1 December 2024 to 28 February 2025, VIIRS S-NPP (375 m) and MODIS (1 km): each zip
  holds a `Readme.txt`, a `fire_archive_*.csv` (standard quality, up to the end of December, with a `type`
  column) and a `fire_nrt_*.csv` (near real-time, afterwards, no `type` column); `acq_date` and `acq_time` in
  UTC, `acq_time` as HHMM without leading zeros in the archive files; VIIRS confidence `l`/`n`/`h`, MODIS
  confidence 0-100.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 44_170_523

MATCHES_FILE = "atp_matches_2023.csv"
RANKINGS_FILE = "atp_rankings_current.csv"
HOSP_A_FILE = "311734582_riverbend-regional-medical-center_standardcharges.csv"
HOSP_B_FILE = "316021447_st-columba-hospital_standardcharges.json"
VIIRS_ZIP = "DL_FIRE_SV-C2_583941.zip"
MODIS_ZIP = "DL_FIRE_M-C61_583940.zip"
VIIRS_ARCHIVE = "fire_archive_SV-C2_583941.csv"
VIIRS_NRT = "fire_nrt_SV-C2_583941.csv"
MODIS_ARCHIVE = "fire_archive_M-C61_583940.csv"
MODIS_NRT = "fire_nrt_M-C61_583940.csv"
FILES = [MATCHES_FILE, RANKINGS_FILE, HOSP_A_FILE, HOSP_B_FILE, VIIRS_ZIP, MODIS_ZIP]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    players: dict  # player id -> {'name', 'hand', 'ht', 'ioc', 'dob', ...}
    matches: list[dict]  # the match rows, in file order
    rankings: list[dict]  # {'date', 'rank', 'player', 'points'}, in file order
    hosp_a: list[dict]  # Riverbend's CSV rows, in file order
    hosp_b: list[dict]  # St. Columba's items, in file order
    fires: list[dict]  # every detection of both sensors (sensor, file, utc, ...)


# ==================================================================================================
# Tennis: Jeff Sackmann's tennis_atp match file for 2023 and the weekly rankings
# ==================================================================================================

# name, IOC, hand, height (cm, None unknown), birth date, rating, player ID (real IDs where remembered, others
# invented in the same ranges); hands, heights and birth dates as remembered, ratings invented
PLAYERS = [
    ("Carlos Alcaraz", "ESP", "R", 183, "20030505", 2195, 207989),
    ("Rafael Nadal", "ESP", "L", 185, "19860603", 2100, 104745),
    ("Casper Ruud", "NOR", "R", 183, "19981222", 2005, 134770),
    ("Stefanos Tsitsipas", "GRE", "R", 193, "19980812", 2040, 126774),
    ("Novak Djokovic", "SRB", "R", 188, "19870522", 2265, 104925),
    ("Felix Auger Aliassime", "CAN", "R", 193, "20000808", 1960, 200000),
    ("Daniil Medvedev", "RUS", "R", 198, "19960211", 2135, 106421),
    ("Andrey Rublev", "RUS", "R", 188, "19971020", 2025, 126094),
    ("Taylor Fritz", "USA", "R", 193, "19971028", 1995, 126203),
    ("Holger Rune", "DEN", "R", 185, "20030429", 2010, 208029),
    ("Hubert Hurkacz", "POL", "R", 196, "19970211", 1975, 128034),
    ("Alexander Zverev", "GER", "R", 198, "19970420", 2030, 100644),
    ("Jannik Sinner", "ITA", "R", 188, "20010816", 2125, 206173),
    ("Cameron Norrie", "GBR", "L", 188, "19950823", 1920, 111815),
    ("Karen Khachanov", "RUS", "R", 198, "19960521", 1950, 111575),
    ("Frances Tiafoe", "USA", "R", 188, "19980120", 1950, 126207),
    ("Pablo Carreno Busta", "ESP", "R", 188, "19910712", 1880, 105807),
    ("Matteo Berrettini", "ITA", "R", 196, "19960412", 1900, 126610),
    ("Lorenzo Musetti", "ITA", "R", 185, "20020303", 1905, 207518),
    ("Alex De Minaur", "AUS", "R", 183, "19990217", 1965, 200282),
    ("Roberto Bautista Agut", "ESP", "R", 183, "19880414", 1870, 105138),
    ("Borna Coric", "CRO", "R", 188, "19961114", 1880, 106432),
    ("Denis Shapovalov", "CAN", "L", 185, "19990415", 1880, 133430),
    ("Grigor Dimitrov", "BUL", "R", 188, "19910516", 1960, 105777),
    ("Miomir Kecmanovic", "SRB", "R", 183, "19990831", 1860, 200175),
    ("Francisco Cerundolo", "ARG", "R", 185, "19980813", 1890, 202103),
    ("Sebastian Korda", "USA", "R", 196, "20000705", 1930, 200624),
    ("Tommy Paul", "USA", "R", 185, "19970517", 1950, 126205),
    ("Yoshihito Nishioka", "JPN", "L", 170, "19950927", 1860, 106415),
    ("Daniel Evans", "GBR", "R", 175, "19900523", 1840, 105554),
    ("Botic Van De Zandschulp", "NED", "R", 191, "19951004", 1830, 202385),
    ("Diego Schwartzman", "ARG", "R", 170, "19920816", 1790, 106043),
    ("Alexander Bublik", "KAZ", "R", 196, "19970617", 1880, 122330),
    ("Jack Draper", "GBR", "L", 191, "20011222", 1880, 207733),
    ("Jiri Lehecka", "CZE", "R", 185, "20011108", 1870, 208103),
    ("Ben Shelton", "USA", "L", 193, "20021009", 1900, 210097),
    ("Tallon Griekspoor", "NED", "R", 188, "19960702", 1860, 126207 + 3),
    ("Alejandro Davidovich Fokina", "ESP", "R", 183, "19990605", 1880, 206909),
    ("Nicolas Jarry", "CHI", "R", 198, "19951011", 1870, 111810),
    ("Ugo Humbert", "FRA", "L", 188, "19980626", 1880, 200325),
    ("Sebastian Baez", "ARG", "R", 170, "20001228", 1850, 208364),
    ("Tomas Martin Etcheverry", "ARG", "R", 196, "19990718", 1850, 207678),
    ("Zhizhen Zhang", "CHN", "R", 193, "19961016", 1850, 122397),
    ("Arthur Fils", "FRA", "R", 185, "20040612", 1860, 209950),
    ("Brandon Nakashima", "USA", "R", 188, "20010803", 1830, 207134),
    ("Adrian Mannarino", "FRA", "L", 183, "19880629", 1840, 105173),
    ("Jan Lennard Struff", "GER", "R", 193, "19900425", 1850, 105526),
    ("Roman Safiullin", "RUS", "R", 185, "19970907", 1850, 126128),
    ("Alexei Popyrin", "AUS", "R", 196, "19990805", 1840, 200615),
    ("Andy Murray", "GBR", "R", 190, "19870515", 1830, 104918),
    ("Stan Wawrinka", "SUI", "R", 183, "19850328", 1800, 104527),
    ("Dominic Thiem", "AUT", "R", 185, "19930903", 1790, 106233),
    ("Lorenzo Sonego", "ITA", "R", 191, "19950511", 1830, 132283),
    ("Matteo Arnaldi", "ITA", "R", 185, "20010222", 1840, 208454),
    ("Flavio Cobolli", "ITA", "R", 183, "20020506", 1790, 209409),
    ("Fabio Fognini", "ITA", "R", 178, "19870524", 1780, 104926),
    ("Marco Cecchinato", "ITA", "R", 185, "19920930", 1740, 105882),
    ("Laslo Djere", "SRB", "R", 188, "19950602", 1820, 126149),
    ("Dusan Lajovic", "SRB", "R", 180, "19900630", 1810, 105449),
    ("Marin Cilic", "CRO", "R", 198, "19880928", 1820, 105227),
    ("Borna Gojo", "CRO", "R", 196, "19980227", 1780, 127339),
    ("Pedro Martinez", "ESP", "R", 185, "19970426", 1800, 200221),
    ("Albert Ramos", "ESP", "L", 188, "19880117", 1790, 105077),
    ("Jaume Munar", "ESP", "R", 183, "19970505", 1780, 126952 + 11),
    ("Bernabe Zapata Miralles", "ESP", "R", 188, "19970112", 1790, 133297),
    ("Roberto Carballes Baena", "ESP", "R", 180, "19930323", 1790, 106148),
    ("Daniel Altmaier", "GER", "R", 188, "19980912", 1790, 144719),
    ("Yannick Hanfmann", "GER", "R", 193, "19911113", 1790, 105916 + 17),
    ("Dominik Koepfer", "GER", "L", 180, "19940429", 1780, 126220),
    ("Oscar Otte", "GER", "R", 196, "19930716", 1770, 106214),
    ("Maximilian Marterer", "GER", "L", 190, "19950615", 1760, 126340 + 9),
    ("Jordan Thompson", "AUS", "R", 183, "19940420", 1800, 111442),
    ("Thanasi Kokkinakis", "AUS", "R", 196, "19960410", 1810, 106423),
    ("Max Purcell", "AUS", "R", 188, "19980403", 1790, 126774 + 45),
    ("Christopher Oconnell", "AUS", "R", 183, "19940603", 1800, 106331),
    ("Aleksandar Vukic", "AUS", "R", 188, "19960406", 1800, 144750 + 31),
    ("Rinky Hijikata", "AUS", "R", 178, "20010223", 1780, 208014),
    ("Jason Kubler", "AUS", "R", 178, "19930519", 1760, 106186),
    ("James Duckworth", "AUS", "R", 183, "19920121", 1770, 105936),
    ("Milos Raonic", "CAN", "R", 196, "19901227", 1800, 104919),
    ("Gabriel Diallo", "CAN", "L", 203, "20010924", 1730, 209943 + 2),
    ("Marcos Giron", "USA", "R", 180, "19930724", 1820, 106218),
    ("Mackenzie Mcdonald", "USA", "R", 178, "19950416", 1810, 111456),
    ("Christopher Eubanks", "USA", "R", 201, "19960505", 1820, 126952 + 40),
    ("J J Wolf", "USA", "R", 183, "19981221", 1800, 200005 + 1),
    ("Maxime Cressy", "USA", "R", 198, "19970508", 1780, 202195),
    ("Alex Michelsen", "USA", "R", 193, "20040825", 1790, 210506),
    ("Jenson Brooksby", "USA", "R", 193, "20001026", 1770, 208057),
    ("Aleksandar Kovacevic", "USA", "R", 183, "19980829", 1760, 207489),
    ("Michael Mmoh", "USA", "R", 188, "19980110", 1780, 126125),
    ("Emil Ruusuvuori", "FIN", "R", 188, "19990402", 1820, 207607 + 1),
    ("Otto Virtanen", "FIN", "R", 191, "20010621", 1740, 209174),
    ("Quentin Halys", "FRA", "R", 191, "19961026", 1790, 111460),
    ("Arthur Rinderknech", "FRA", "R", 196, "19950723", 1800, 126239),
    ("Richard Gasquet", "FRA", "R", 183, "19860618", 1790, 104755),
    ("Gael Monfils", "FRA", "R", 193, "19860901", 1800, 104792),
    ("Corentin Moutet", "FRA", "L", 175, "19990419", 1800, 200410),
    ("Luca Van Assche", "FRA", "R", 178, "20040411", 1760, 209421),
    ("Gregoire Barrere", "FRA", "R", 191, "19940216", 1780, 126340 + 2),
    ("Arthur Cazaux", "FRA", "R", 183, "20020123", 1760, 209082),
    ("Hugo Gaston", "FRA", "L", 173, "20000926", 1760, 207676),
    ("Constant Lestienne", "FRA", "R", 180, "19920523", 1770, 106005),
    ("Benjamin Bonzi", "FRA", "R", 183, "19960609", 1780, 133297 + 8),
    ("Sebastian Ofner", "AUT", "R", 191, "19960512", 1800, 126570 + 20),
    ("Jurij Rodionov", "AUT", "L", 188, "19990516", 1760, 200405),
    ("Filip Misolic", "AUT", "R", 180, "20010308", 1740, 209077),
    ("David Goffin", "BEL", "R", 180, "19901207", 1790, 105676),
    ("Zizou Bergs", "BEL", "R", 185, "19990603", 1760, 200267),
    ("Mikael Ymer", "SWE", "R", 183, "19980909", 1760, 144707),
    ("Marc Andrea Huesler", "SUI", "L", 196, "19960624", 1760, 144817),
    ("Dominic Stricker", "SUI", "L", 183, "20020816", 1790, 209131),
    ("Tomas Machac", "CZE", "R", 183, "20001013", 1800, 207830),
    ("Jiri Vesely", "CZE", "L", 198, "19930710", 1740, 105539),
    ("Aslan Karatsev", "RUS", "R", 185, "19930904", 1780, 105459),
    ("Pavel Kotov", "RUS", "R", 191, "19981118", 1770, 207134 + 70),
    ("Alexander Shevchenko", "KAZ", "R", 185, "20001129", 1770, 209186),
    ("Soon Woo Kwon", "KOR", "R", 180, "19971202", 1760, 126952),
    ("Kei Nishikori", "JPN", "R", 178, "19891229", 1780, 105453),
    ("Taro Daniel", "JPN", "R", 191, "19930127", 1770, 106148 + 40),
    ("Yibing Wu", "CHN", "R", 183, "19991014", 1800, 208103 + 203),
    ("Juncheng Shang", "CHN", "L", 180, "20050602", 1770, 210532),
    ("Alejandro Tabilo", "CHI", "L", 188, "19970602", 1790, 126535),
    ("Cristian Garin", "CHI", "R", 185, "19960530", 1760, 105932),
    ("Daniel Elahi Galan", "COL", "R", 191, "19960618", 1770, 144895),
    ("Juan Pablo Varillas", "PER", "R", 180, "19951006", 1770, 133016),
    ("Thiago Monteiro", "BRA", "L", 183, "19940531", 1760, 106329),
    ("Thiago Seyboth Wild", "BRA", "R", 188, "20000310", 1780, 206631),
    ("Felipe Meligeni Alves", "BRA", "R", 185, "19980219", 1740, 200335),
    ("Mariano Navone", "ARG", "R", 178, "20010227", 1740, 209409 + 101),
    ("Federico Coria", "ARG", "R", 180, "19920309", 1770, 105948),
    ("Camilo Ugo Carabelli", "ARG", "R", 185, "19990517", 1740, 207353),
    ("Pedro Cachin", "ARG", "R", 185, "19950412", 1780, 106398),
    ("Facundo Diaz Acosta", "ARG", "L", 188, "20001215", 1770, 207830 + 12),
    ("Marton Fucsovics", "HUN", "R", 188, "19920208", 1790, 105940),
    ("Fabian Marozsan", "HUN", "R", 193, "19991017", 1790, 207352),
    ("Damir Dzumhur", "BIH", "R", 175, "19920520", 1750, 105939),
    ("Nuno Borges", "POR", "R", 185, "19970219", 1790, 200436),
    ("Luca Nardi", "ITA", "R", 185, "20030806", 1750, 209853),
    ("Ilya Ivashka", "BLR", "R", 193, "19940224", 1770, 106210),
    ("Radu Albot", "MDA", "R", 175, "19891111", 1750, 105902),
    ("Nikoloz Basilashvili", "GEO", "R", 185, "19920223", 1760, 105916),
    ("Hamad Medjedovic", "SRB", "R", 188, "20030618", 1760, 210120 + 5),
    ("Dalibor Svrcina", "CZE", "R", None, "20020613", 1730, 207494),
    ("Zsombor Piros", "HUN", "R", 193, "19991013", 1730, 200384 + 30),
    ("Giulio Zeppieri", "ITA", "L", 188, "20011207", 1730, 209405),
    ("Andrea Vavassori", "ITA", "R", 191, "19950505", 1720, 200530),
    ("Gijs Brouwer", "NED", "R", 191, "19960614", 1730, 200453),
    ("Jesper De Jong", "NED", "R", 180, "20000531", 1740, 207475),
    ("Harold Mayot", "FRA", "R", 191, "20020204", 1730, 208469),
    ("Leandro Riedi", "SUI", "R", 193, "20020127", 1720, 209171),
    ("Denis Kudla", "USA", "R", 180, "19920817", 1740, 105967),
    ("Steve Johnson", "USA", "R", 188, "19891224", 1740, 105643),
    ("Ernesto Escobedo", "USA", "R", 185, "19960704", 1720, 126178),
    ("Zachary Svajda", "USA", "R", 178, "20021129", 1710, 210211),
    # juniors and others with no ranking points at the start of the year (wild cards)
    ("Learner Tien", "USA", "L", 180, "20051202", 1730, 211765),
    ("Jakub Mensik", "CZE", "R", 193, "20050901", 1760, 210506 + 61),
    ("Dino Prizmic", "CRO", "R", 188, "20050705", 1740, 211360),
    ("Stefanos Sakellaridis", "GRE", "U", None, "20040824", 1680, 208852),
    ("Nishesh Basavareddy", "USA", "R", 185, "20050502", 1700, 211893),
    ("Rei Sakamoto", "JPN", "R", 188, "20061124", 1690, 212061),
]  # fmt: skip
N_UNRANKED = 6  # the last rows of PLAYERS start the year with no points
TOP_POINTS = [6820, 6020, 5820, 5550, 4820, 4195, 4065, 3930, 3355, 3035, 2905, 2700]
CLAY_PLUS = {"Carlos Alcaraz", "Rafael Nadal", "Casper Ruud", "Francisco Cerundolo", "Lorenzo Musetti",
             "Sebastian Baez", "Tomas Martin Etcheverry", "Diego Schwartzman", "Pedro Martinez",
             "Bernabe Zapata Miralles", "Roberto Carballes Baena", "Federico Coria", "Pedro Cachin",
             "Facundo Diaz Acosta", "Mariano Navone", "Camilo Ugo Carabelli", "Juan Pablo Varillas",
             "Nicolas Jarry", "Thiago Seyboth Wild", "Alejandro Davidovich Fokina", "Laslo Djere", "Jaume Munar"}  # fmt: skip
GRASS_PLUS = {"Hubert Hurkacz", "Christopher Eubanks", "Maxime Cressy", "Matteo Berrettini", "Alexander Bublik",
              "Taylor Fritz", "Jiri Vesely", "Milos Raonic", "Jan Lennard Struff", "Andy Murray"}  # fmt: skip
SKIPS = {"Rafael Nadal": "all-but-AO", "Carlos Alcaraz": {"2023-580"}, "Novak Djokovic": {"2023-404", "2023-403"}}

# tourney_id, name, surface, draw size, level ('G', 'M', 'A' with 500 or 250 points, 'F'), start date, weeks
TOURNEYS = [
    ("2023-2843", "Adelaide 1", "Hard", 32, "A250", "20230102", 1),
    ("2023-301", "Auckland", "Hard", 28, "A250", "20230109", 1),
    ("2023-580", "Australian Open", "Hard", 128, "G", "20230116", 2),
    ("2023-375", "Montpellier", "Hard", 28, "A250", "20230206", 1),
    ("2023-407", "Rotterdam", "Hard", 32, "A500", "20230213", 1),
    ("2023-506", "Buenos Aires", "Clay", 28, "A250", "20230213", 1),
    ("2023-6932", "Rio de Janeiro", "Clay", 32, "A500", "20230220", 1),
    ("2023-495", "Dubai", "Hard", 32, "A500", "20230227", 1),
    ("2023-807", "Acapulco", "Hard", 32, "A500", "20230227", 1),
    ("2023-404", "Indian Wells Masters", "Hard", 96, "M", "20230308", 2),
    ("2023-403", "Miami Masters", "Hard", 96, "M", "20230322", 2),
    ("2023-410", "Monte Carlo Masters", "Clay", 56, "M", "20230409", 1),
    ("2023-425", "Barcelona", "Clay", 48, "A500", "20230417", 1),
    ("2023-1536", "Madrid Masters", "Clay", 96, "M", "20230426", 2),
    ("2023-416", "Rome Masters", "Clay", 96, "M", "20230510", 2),
    ("2023-520", "Roland Garros", "Clay", 128, "G", "20230528", 2),
    ("2023-321", "Stuttgart", "Grass", 28, "A250", "20230612", 1),
    ("2023-500", "Halle", "Grass", 32, "A500", "20230619", 1),
    ("2023-311", "Queen's Club", "Grass", 32, "A500", "20230619", 1),
    ("2023-540", "Wimbledon", "Grass", 128, "G", "20230703", 2),
    ("2023-414", "Hamburg", "Clay", 32, "A500", "20230724", 1),
    ("2023-418", "Washington", "Hard", 48, "A500", "20230731", 1),
    ("2023-421", "Canada Masters", "Hard", 56, "M", "20230807", 1),
    ("2023-422", "Cincinnati Masters", "Hard", 56, "M", "20230813", 1),
    ("2023-560", "US Open", "Hard", 128, "G", "20230828", 2),
    ("2023-747", "Beijing", "Hard", 32, "A500", "20230928", 1),
    ("2023-5014", "Shanghai Masters", "Hard", 96, "M", "20231004", 2),
    ("2023-337", "Vienna", "Hard", 32, "A500", "20231023", 1),
    ("2023-328", "Basel", "Hard", 32, "A500", "20231023", 1),
    ("2023-352", "Paris Masters", "Hard", 48, "M", "20231030", 1),
    ("2023-605", "Tour Finals", "Hard", 8, "F", "20231112", 1),
]  # fmt: skip
ROUND_POINTS = {
    "G": {"W": 2000, "F": 1200, "SF": 720, "QF": 360, "R16": 180, "R32": 90, "R64": 45, "R128": 10},
    "M": {"W": 1000, "F": 600, "SF": 360, "QF": 180, "R16": 90, "R32": 45, "R64": 25, "R128": 10},
    "A500": {"W": 500, "F": 300, "SF": 180, "QF": 90, "R16": 45, "R32": 20, "R64": 0},
    "A250": {"W": 250, "F": 150, "SF": 90, "QF": 45, "R16": 20, "R32": 0},
}
MATCH_COLUMNS = (
    "tourney_id,tourney_name,surface,draw_size,tourney_level,tourney_date,match_num,winner_id,winner_seed,"
    "winner_entry,winner_name,winner_hand,winner_ht,winner_ioc,winner_age,loser_id,loser_seed,loser_entry,"
    "loser_name,loser_hand,loser_ht,loser_ioc,loser_age,score,best_of,round,minutes,w_ace,w_df,w_svpt,w_1stIn,"
    "w_1stWon,w_2ndWon,w_SvGms,w_bpSaved,w_bpFaced,l_ace,l_df,l_svpt,l_1stIn,l_1stWon,l_2ndWon,l_SvGms,"
    "l_bpSaved,l_bpFaced,winner_rank,winner_rank_points,loser_rank,loser_rank_points"
).split(",")
STAT_KEYS = ["ace", "df", "svpt", "1stIn", "1stWon", "2ndWon", "SvGms", "bpSaved", "bpFaced"]
TN_COUNTRY = "USA"
TN_NO1 = "Carlos Alcaraz"
TN_SERVE = "Daniil Medvedev"
TN_TOP = 30


def _d(s: str) -> date:
    return date(int(s[:4]), int(s[4:6]), int(s[6:]))


def _week_monday(d0: date) -> date:
    """The Monday of a tournament's first week (an event starting on a Sunday belongs to the next week)."""
    d1 = d0 + timedelta(days=1)
    return d1 - timedelta(days=d1.weekday())


def _ranking_dates() -> list[date]:
    """Every Monday from 2 January to 20 November 2023, but the middle Monday of a two-week event."""
    skip = {_week_monday(_d(start)) + timedelta(days=7) for *_x, start, weeks in TOURNEYS if weeks == 2}
    out, d = [], date(2023, 1, 2)
    while d <= date(2023, 11, 20):
        if d not in skip:
            out.append(d)
        d += timedelta(days=7)
    return out


def _bracket_order(p: int) -> list[int]:
    order = [1, 2]
    while len(order) < p:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


class _Ranker:
    def __init__(self, players: dict, dates: list[date]):
        self.players = players
        self.dates = dates
        self.earned: list[tuple[date, int, int]] = []  # (tournament end, player, points)
        self.cache: dict = {}

    def table(self, d: date) -> dict[int, tuple[int, int]]:
        """The ranking published on date d: player -> (rank, points)."""
        if d in self.cache:
            return self.cache[d]
        frac = max(0.0, 1 - (d - date(2023, 1, 2)).days / 364)
        pts = {pid: round(p["base"] * frac) for pid, p in self.players.items()}
        for end, pid, x in self.earned:
            if end < d:
                pts[pid] += x
        ranked = sorted(((v, pid) for pid, v in pts.items() if v > 0), key=lambda t: (-t[0], t[1]))
        out, prev, prev_rank = {}, None, 0
        for i, (v, pid) in enumerate(ranked, start=1):
            rank = prev_rank if v == prev else i
            out[pid] = (rank, v)
            prev, prev_rank = v, rank
        self.cache[d] = out
        return out

    def at(self, d: date) -> dict[int, tuple[int, int]]:
        """The latest ranking on or before d."""
        past = [x for x in self.dates if x <= d]
        return self.table(past[-1])


def _set_score(rng: random.Random, tiebreak_p: float) -> tuple[int, int, int | None]:
    """A set won by the first player: (games, games, tiebreak loser's points or None)."""
    r = rng.random()
    if r < tiebreak_p:
        lp = rng.choice([0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 9, 10, 11])
        return 7, 6, lp
    if r < tiebreak_p + 0.13:
        return 7, 5, None
    return 6, rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]), None


def _play(rng: random.Random, p_win: float, best_of: int, tb_p: float) -> dict:
    """A completed match between A (first) and B; returns winner index and the sets from the winner's side."""
    a_wins = rng.random() < p_win
    need = best_of // 2 + 1
    closeness = 1 - abs(p_win - 0.5) * 2
    lost = 0
    for _ in range(need - 1):
        if rng.random() < 0.25 + 0.35 * closeness:
            lost += 1
    order = ["W"] * (need - 1) + ["L"] * lost
    rng.shuffle(order)
    order.append("W")
    sets = []
    for who in order:
        g1, g2, tb = _set_score(rng, tb_p)
        sets.append((g1, g2, tb) if who == "W" else (g2, g1, tb))
    return {"a_wins": a_wins, "sets": sets}


def _fmt_set(s: tuple) -> str:
    g1, g2, tb = s
    return f"{g1}-{g2}" + (f"({tb})" if tb is not None else "")


def _stats(rng: random.Random, p: dict, games: int, frac: float) -> dict:
    sv = max(1, round(games / 2 + rng.choice([-1, 0, 0, 1]) * 0.5))
    svpt = max(sv * 4, round(sv * rng.uniform(5.6, 7.2)))
    first = round(svpt * min(0.8, max(0.45, rng.gauss(p["first"], 0.05))))
    df = min(svpt - first, max(0, round(rng.gauss(p["df"] * sv, 1.2))))
    first_won = round(first * rng.uniform(0.64, 0.82))
    second = svpt - first - df
    second_won = round(second * rng.uniform(0.42, 0.6))
    ace = min(first_won, max(0, round(rng.gauss(p["ace"] * sv, 2))))
    faced = max(0, round(rng.gauss(sv * 0.35, 1.5) * frac))
    saved = round(faced * rng.uniform(0.4, 0.8))
    return {"ace": ace, "df": df, "svpt": svpt, "1stIn": first, "1stWon": first_won, "2ndWon": second_won,
            "SvGms": sv, "bpSaved": saved, "bpFaced": faced}  # fmt: skip


def _tourney(rng: random.Random, players: dict, ranker: _Ranker, busy: dict, tour: tuple) -> list[dict]:
    """One tournament's draw played out; its rows in file order (the final first)."""
    tid, tname, surface, draw, level, start, weeks = tour
    d0 = _d(start)
    monday = _week_monday(d0)
    weeks_in = [monday + timedelta(days=7 * k) for k in range(weeks)]
    taken = set().union(*(busy.get(w, set()) for w in weeks_in))
    table = ranker.at(d0)

    def rank_of(pid: int) -> int:
        return table.get(pid, (9999, 0))[0]

    def available(pid: int) -> bool:
        name = players[pid]["name"]
        skip = SKIPS.get(name)
        if skip == "all-but-AO":
            return tid == "2023-580"
        return pid not in taken and not (skip and tid in skip)

    pool = sorted((pid for pid in players if available(pid)), key=lambda x: (rank_of(x), x))
    if level == "F":
        entrants = pool[:8]
        entry = {pid: "" for pid in entrants}
    else:
        if level in ("G", "M"):
            want = [pid for pid in pool if rng.random() < (0.97 if level == "G" else 0.9)]
        else:

            def p_enter(r: int) -> float:
                if level == "A500":
                    return 0.32 if r <= 20 else 0.45 if r <= 60 else 0.5
                return 0.1 if r <= 10 else 0.3 if r <= 40 else 0.45

            want = [pid for pid in pool if rng.random() < p_enter(rank_of(pid))]
        n_q = {128: 16, 96: 12, 56: 7, 48: 6, 32: 4, 28: 4}[draw]
        n_wc = {128: 8, 96: 5, 56: 4, 48: 4, 32: 3, 28: 3}[draw]
        direct = [pid for pid in want if rank_of(pid) < 9999][: draw - n_q - n_wc]
        cut = rank_of(direct[-1])
        below = [pid for pid in pool if pid not in direct and rank_of(pid) > cut]
        extra = draw - n_q - n_wc - len(direct)
        if extra > 0:  # too few entries: the next players in the ranking get in directly
            direct, below = direct + below[:extra], below[extra:]
        quals = rng.sample(below[: max(n_q * 3, 20)], n_q)
        below = [pid for pid in below if pid not in quals]
        home = {"Australian Open": "AUS", "Roland Garros": "FRA", "US Open": "USA", "Wimbledon": "GBR"}.get(tname)
        wc_pool = sorted(
            below, key=lambda x: (0 if players[x]["ioc"] == home else 1 if rank_of(x) == 9999 else 2, rng.random())
        )
        wcs = wc_pool[:n_wc]
        entrants = direct + quals + wcs
        entry = {pid: "" for pid in direct} | {pid: "Q" for pid in quals} | {pid: "WC" for pid in wcs}
        assert len(entrants) == draw, (tname, len(entrants))
    for w in weeks_in:
        busy.setdefault(w, set()).update(entrants)
    ranked_entrants = sorted(entrants, key=lambda x: (rank_of(x), x))
    n_seeds = 8 if draw <= 32 else 16 if draw <= 56 else 32
    seed = {pid: k + 1 for k, pid in enumerate(ranked_entrants[:n_seeds])}
    best_of = 5 if level == "G" else 3
    tb_p = {"Grass": 0.2, "Hard": 0.16, "Clay": 0.1}[surface]
    form = {pid: rng.gauss(0, 35) for pid in entrants}

    def strength(pid: int) -> float:
        p = players[pid]
        s = p["rating"] + form[pid]
        if surface == "Clay":
            s += 45 if p["name"] in CLAY_PLUS else -10
        if surface == "Grass":
            s += 40 if p["name"] in GRASS_PLUS else (-35 if p["name"] in CLAY_PLUS else 0)
        return s

    rows: list[dict] = []
    results: dict[int, str] = {}  # player -> round lost in ('W' for the champion)

    def match(a: int, b: int, rnd: str, may_wo: bool = True) -> int:
        p = 1 / (1 + 10 ** ((strength(b) - strength(a)) / 400))
        kind = "done"
        r = rng.random()
        if may_wo and r < 0.011:
            kind = "wo"
        elif r < 0.031:
            kind = "ret"
        m = _play(rng, p, best_of, tb_p)
        win, lose = (a, b) if m["a_wins"] else (b, a)
        sets = m["sets"]
        score_parts = [_fmt_set(s) for s in sets]
        games = sum(s[0] + s[1] for s in sets)
        games_frac = 1.0
        if kind == "ret":  # the loser retires during a set after `keep` completed sets
            keep = rng.randint(0, len(sets) - 1)
            g1, g2 = rng.randint(0, 5), rng.randint(0, 5)
            sets = sets[:keep]
            score_parts = [_fmt_set(s) for s in sets] + [f"{g1}-{g2}", "RET"]
            games = sum(s[0] + s[1] for s in sets) + g1 + g2
            games_frac = 0.5
        row = {"tourney_id": tid, "tourney_name": tname, "surface": surface, "draw_size": draw,
               "tourney_level": level[0], "tourney_date": start, "round": rnd, "best_of": best_of,
               "winner": win, "loser": lose, "kind": kind, "sets": sets}  # fmt: skip
        if kind == "wo":
            row["score"] = "W/O"
            row["minutes"] = None
            row["w"] = row["l"] = None
        else:
            row["score"] = " ".join(score_parts)
            tbs = sum(1 for s in sets if s[2] is not None)
            row["minutes"] = None if rng.random() < 0.03 else max(8, round(games * rng.uniform(4.6, 6.0) + 5 * tbs))
            if rng.random() < 0.008:
                row["w"] = row["l"] = None
            else:
                row["w"] = _stats(rng, players[win], games, games_frac)
                row["l"] = _stats(rng, players[lose], games, games_frac)
        rows.append(row)
        return win

    if level == "F":
        groups = [[ranked_entrants[i] for i in (0, 3, 4, 7)], [ranked_entrants[i] for i in (1, 2, 5, 6)]]
        semis = []
        for g in groups:
            wins = {pid: 0 for pid in g}
            for i in range(4):
                for j in range(i + 1, 4):
                    wins[match(g[i], g[j], "RR", may_wo=False)] += 1
            top2 = sorted(g, key=lambda x: (-wins[x], rank_of(x)))[:2]
            semis.append(top2)
            for pid in g:
                results[pid] = f"RR{wins[pid]}"
        f1 = match(semis[0][0], semis[1][1], "SF", may_wo=False)
        f2 = match(semis[1][0], semis[0][1], "SF", may_wo=False)
        champ = match(f1, f2, "F", may_wo=False)
        fin_pts = {}
        for pid in entrants:
            fin_pts[pid] = 200 * int(results[pid][2:])
        fin_pts[f1] += 400
        fin_pts[f2] += 400
        fin_pts[champ] += 500
    else:
        size = 1
        while size < draw:
            size *= 2
        byes = size - draw
        order = _bracket_order(size)  # slot -> seed position number
        slot_of_pos = {pos: i for i, pos in enumerate(order)}
        others = [pid for pid in entrants if pid not in seed]
        rng.shuffle(others)
        positions = list(range(n_seeds + 1, size + 1 - byes))
        slots: list[int | None] = [None] * size
        for pid, k in seed.items():
            slots[slot_of_pos[k]] = pid
        for pid, pos in zip(others, positions):
            slots[slot_of_pos[pos]] = pid
        rnd_names = {128: "R128", 64: "R64", 32: "R32", 16: "R16", 8: "QF", 4: "SF", 2: "F"}
        current = slots
        n = size
        while n > 1:
            rnd = rnd_names[n]
            nxt = []
            for i in range(0, n, 2):
                a, b = current[i], current[i + 1]
                if a is None or b is None:
                    nxt.append(a if b is None else b)
                    continue
                w = match(a, b, rnd)
                results[a if w == b else b] = rnd
                nxt.append(w)
            current, n = nxt, n // 2
        results[current[0]] = "W"
    # points, credited after the tournament ends
    end = monday + timedelta(days=7 * weeks - 1)
    if level == "F":
        for pid, x in fin_pts.items():
            ranker.earned.append((end, pid, x))
    else:
        table_pts = ROUND_POINTS[level]
        for pid, rnd in results.items():
            ranker.earned.append((end, pid, table_pts.get(rnd, 0)))
    # file order: final first, match_num 300 down
    rows.reverse()
    for k, row in enumerate(rows):
        row["match_num"] = 300 - k
        for side in ("winner", "loser"):
            pid = row[side]
            row[f"{side}_seed"] = seed.get(pid)
            row[f"{side}_entry"] = entry.get(pid, "")
            rk = table.get(pid)
            row[f"{side}_rank"] = rk[0] if rk else None
            row[f"{side}_rank_points"] = rk[1] if rk else None
            row[f"{side}_age"] = round((d0 - players[pid]["dob"]).days / 365.25, 1)
    return rows


def _build_tennis(rng: random.Random) -> tuple[dict, list[dict], list[dict]]:
    players: dict = {}
    n_ranked = len(PLAYERS) - N_UNRANKED
    for i, (name, ioc, hand, ht, dob, rating, pid) in enumerate(PLAYERS):
        assert pid not in players, name
        if i < len(TOP_POINTS):
            base = TOP_POINTS[i]
        elif i < n_ranked:
            base = round(11000 * (i + 1) ** -0.62 * rng.uniform(0.93, 1.07))
        else:
            base = 0
        players[pid] = {"name": name, "ioc": ioc, "hand": hand, "ht": ht, "dob": _d(dob), "rating": rating,
                        "base": base, "first": rng.uniform(0.56, 0.68), "ace": rng.uniform(0.2, 1.3) + (0.5 if (ht or 185) >= 196 else 0),
                        "df": rng.uniform(0.15, 0.45)}  # fmt: skip
    dates = _ranking_dates()
    ranker = _Ranker(players, dates)
    matches: list[dict] = []
    busy: dict[date, set] = {}  # week start -> players already entered that week
    for tour in TOURNEYS:
        matches += _tourney(rng, players, ranker, busy, tour)
    rankings = []
    for d in dates:
        tab = ranker.table(d)
        for pid, (rank, pts) in sorted(tab.items(), key=lambda kv: (kv[1][0], kv[0])):
            rankings.append({"date": d, "rank": rank, "player": pid, "points": pts})
    return players, matches, rankings


def _match_line(t: Truth, m: dict) -> list:
    P = t.players
    w, lo = P[m["winner"]], P[m["loser"]]

    def blank(x):
        return "" if x is None else x

    out = [m["tourney_id"], m["tourney_name"], m["surface"], m["draw_size"], m["tourney_level"], m["tourney_date"],
           m["match_num"], m["winner"], blank(m["winner_seed"]), m["winner_entry"], w["name"], w["hand"],
           blank(w["ht"]), w["ioc"], m["winner_age"], m["loser"], blank(m["loser_seed"]), m["loser_entry"],
           lo["name"], lo["hand"], blank(lo["ht"]), lo["ioc"], m["loser_age"], m["score"], m["best_of"], m["round"],
           blank(m["minutes"])]  # fmt: skip
    for side in ("w", "l"):
        st = m[side]
        out += [""] * 9 if st is None else [st[k] for k in STAT_KEYS]
    out += [blank(m["winner_rank"]), blank(m["winner_rank_points"]), blank(m["loser_rank"]),
            blank(m["loser_rank_points"])]  # fmt: skip
    return out


def _write_tennis(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(MATCH_COLUMNS)
    for m in t.matches:
        w.writerow(_match_line(t, m))
    (d / MATCHES_FILE).write_bytes(buf.getvalue().encode("utf-8"))
    lines = ["ranking_date,rank,player,points"]
    lines += [f"{r['date']:%Y%m%d},{r['rank']},{r['player']},{r['points']}" for r in t.rankings]
    (d / RANKINGS_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# ==================================================================================================
# Hospital prices: CMS hospital price transparency files (CSV wide v2.0.0 and JSON v2.0.0)
# ==================================================================================================

AFFIRMATION = ("To the best of its knowledge and belief, the hospital has included all applicable standard charge "
               "information in accordance with the requirements of 45 CFR 180.50, and the information encoded is "
               "true, accurate, and complete as of the date indicated.")  # fmt: skip
# code, code type, CDM-style description (Riverbend), plain description (St. Columba), Medicare-like base rate,
# kind; real codes, rates invented
SERVICES = [
    ("99283", "CPT", "HC ED VISIT LEVEL 3", "Emergency department visit, moderate severity", 260, "ed"),
    ("99284", "CPT", "HC ED VISIT LEVEL 4", "Emergency department visit, high severity", 430, "ed"),
    ("99285", "CPT", "HC ED VISIT LEVEL 5", "Emergency department visit, highest severity", 610, "ed"),
    ("70553", "CPT", "HC MRI BRAIN W/O & W/DYE", "MRI brain without and with contrast", 520, "imaging"),
    ("70551", "CPT", "HC MRI BRAIN W/O DYE", "MRI brain without contrast", 240, "imaging"),
    ("72148", "CPT", "HC MRI LUMBAR SPINE W/O DYE", "MRI lumbar spine without contrast", 230, "imaging"),
    ("73721", "CPT", "HC MRI JNT LWR EXTRE W/O DYE", "MRI lower extremity joint without contrast", 235, "imaging"),
    ("74177", "CPT", "HC CT ABD & PELV W/CONTRAST", "CT abdomen and pelvis with contrast", 360, "imaging"),
    ("71250", "CPT", "HC CT THORAX DX C-", "CT chest without contrast", 180, "imaging"),
    ("70450", "CPT", "HC CT HEAD/BRAIN W/O DYE", "CT head without contrast", 150, "imaging"),
    ("71046", "CPT", "HC X-RAY EXAM CHEST 2 VIEWS", "Chest X-ray, 2 views", 62, "imaging"),
    ("76700", "CPT", "HC US EXAM ABDOM COMPLETE", "Ultrasound abdomen, complete", 130, "imaging"),
    ("77067", "CPT", "HC SCR MAMMO BI INCL CAD", "Screening mammography, bilateral", 140, "imaging"),
    ("93306", "CPT", "HC TTE W/DOPPLER COMPLETE", "Echocardiogram, transthoracic, complete", 510, "imaging"),
    ("93000", "CPT", "HC ELECTROCARDIOGRAM COMPLETE", "Electrocardiogram, complete", 38, "lab"),
    ("80053", "CPT", "HC COMPREHEN METABOLIC PANEL", "Comprehensive metabolic panel", 14, "lab"),
    ("80048", "CPT", "HC BASIC METABOLIC PNL TOT CA", "Basic metabolic panel", 11, "lab"),
    ("85025", "CPT", "HC COMPLETE CBC W/AUTO DIFF WBC", "Complete blood count with differential", 10.5, "lab"),
    ("80061", "CPT", "HC LIPID PANEL", "Lipid panel", 18, "lab"),
    ("84443", "CPT", "HC ASSAY THYROID STIM HORMONE", "Thyroid stimulating hormone (TSH)", 23, "lab"),
    ("83036", "CPT", "HC GLYCOSYLATED HEMOGLOBIN TEST", "Hemoglobin A1c", 13, "lab"),
    ("81001", "CPT", "HC URINALYSIS AUTO W/SCOPE", "Urinalysis with microscopy", 4.5, "lab"),
    ("36415", "CPT", "HC ROUTINE VENIPUNCTURE", "Venipuncture", 3.5, "lab"),
    ("45378", "CPT", "HC COLONOSCOPY FLX DX W/COLLJ SPEC", "Colonoscopy, diagnostic", 860, "surgery"),
    ("45380", "CPT", "HC COLONOSCOPY W/BIOPSY SINGLE/MX", "Colonoscopy with biopsy", 960, "surgery"),
    ("43239", "CPT", "HC EGD BIOPSY SINGLE/MULTIPLE", "Upper GI endoscopy with biopsy", 790, "surgery"),
    ("29881", "CPT", "HC ARTHRS KNE SRG W/MNSCC MED/LAT", "Knee arthroscopy with meniscectomy", 2150, "surgery"),
    ("66984", "CPT", "HC XCAPSL CTRC RMVL W/O ECP", "Cataract removal with lens insertion", 1960, "surgery"),
    ("47562", "CPT", "HC LAPAROSCOPY CHOLECYSTECTOMY", "Laparoscopic cholecystectomy", 4600, "surgery"),
    ("49505", "CPT", "HC PRP I/HERN INIT REDUC >5 YR", "Inguinal hernia repair", 3300, "surgery"),
    ("97110", "CPT", "HC THERAPEUTIC EXERCISES 15 MIN", "Therapeutic exercise, each 15 minutes", 29, "therapy"),
    ("97161", "CPT", "HC PT EVAL LOW COMPLEX 20 MIN", "Physical therapy evaluation, low complexity", 98, "therapy"),
    ("G0121", "HCPCS", "HC COLON CA SCRN NOT HI RSK IND", "Colorectal cancer screening colonoscopy, not high risk", 840, "surgery"),
    ("G0378", "HCPCS", "HC HOSPITAL OBSERVATION PER HR", "Hospital observation service, per hour", 70, "ed"),
]  # fmt: skip
# J-code, NDC, CDM description, plain description, base rate, unit, unit type
DRUGS = [
    ("J1885", "00409-3795-01", "HC KETOROLAC TROMETHAMINE INJ 15MG", "Ketorolac injection, per 15 mg", 4.2, "15", "ME"),
    ("J2405", "00409-1120-02", "HC ONDANSETRON HCL INJ 1MG", "Ondansetron injection, per 1 mg", 0.9, "1", "ME"),
    ("J0696", "60505-0750-04", "HC CEFTRIAXONE SODIUM INJ 250MG", "Ceftriaxone injection, per 250 mg", 1.6, "250", "ME"),
    ("J7030", "00338-0049-04", "HC NORMAL SALINE SOLUTION 1000CC", "Normal saline infusion, 1000 cc", 5.2, "1000", "ML"),
    ("J2270", "00641-6125-25", "HC MORPHINE SULFATE INJ 10MG", "Morphine sulfate injection, up to 10 mg", 3.1, "10", "ME"),
]  # fmt: skip
# MS-DRG, description, base payment, average length of stay (days)
DRGS = [
    ("470", "MAJOR HIP AND KNEE JOINT REPLACEMENT OR REATTACHMENT OF LOWER EXTREMITY WITHOUT MCC", 13200, 2.1),
    ("871", "SEPTICEMIA OR SEVERE SEPSIS WITHOUT MV >96 HOURS WITH MCC", 12400, 5.2),
    ("291", "HEART FAILURE AND SHOCK WITH MCC", 9800, 4.4),
    ("392", "ESOPHAGITIS, GASTROENTERITIS AND MISCELLANEOUS DIGESTIVE DISORDERS WITHOUT MCC", 5200, 2.8),
    ("194", "SIMPLE PNEUMONIA AND PLEURISY WITH CC", 6900, 3.6),
    ("690", "KIDNEY AND URINARY TRACT INFECTIONS WITHOUT MCC", 5100, 3.0),
    ("247", "PERCUTANEOUS CARDIOVASCULAR PROCEDURES WITH DRUG-ELUTING STENT WITHOUT MCC", 14100, 1.9),
    ("460", "SPINAL FUSION EXCEPT CERVICAL WITHOUT MCC", 27800, 3.1),
    ("807", "VAGINAL DELIVERY WITHOUT STERILIZATION/D&C WITHOUT CC/MCC", 6100, 2.0),
    ("788", "CESAREAN SECTION WITHOUT STERILIZATION WITHOUT CC/MCC", 8900, 2.9),
]  # fmt: skip
# St. Columba prices a subset of the DRGs, and a few with other descriptions
DRGS_B = ["470", "871", "291", "194", "690", "247", "807", "788", "603", "065"]
DRGS_B_EXTRA = {"603": ("Cellulitis without MCC", 5300, 3.3),
                "065": ("Intracranial hemorrhage or cerebral infarction with CC or tPA in 24 hours", 7800, 3.4)}  # fmt: skip
ROOMS = [("0120", "HC ROOM & BOARD SEMI-PRIVATE MED/SURG", 1650), ("0200", "HC ICU ROOM & BOARD GENERAL", 3900)]
PAYERS_A = [
    ("Aetna", "Open Access Managed Choice", 1.95),
    ("Aetna", "Medicare Advantage PPO", 1.02),
    ("Anthem Blue Cross and Blue Shield", "Blue Access PPO", 2.1),
    ("CareSource", "Ohio Medicaid", 0.86),
    ("Humana", "Medicare Advantage HMO", 1.0),
    ("Medical Mutual of Ohio", "SuperMed PPO", 1.85),
    ("UnitedHealthcare", "Choice Plus", 2.25),
]
PAYERS_B = [
    ("Aetna", "Commercial PPO", 1.85),
    ("Anthem Blue Cross and Blue Shield", "PPO", 2.0),
    ("CareSource", "Medicaid", 0.88),
    ("Cigna", "Open Access Plus", 2.05),
    ("Humana", "Medicare Advantage", 1.01),
    ("Medical Mutual", "SuperMed", 1.8),
    ("UnitedHealthcare", "Commercial", 2.3),
]
PAYER_FIELDS = ["negotiated_dollar", "negotiated_percentage", "negotiated_algorithm", "estimated_amount",
                "methodology", "additional_payer_notes"]  # fmt: skip
HP_MRI = "70553"
HP_LUMBAR = "72148"
HP_DRG = "470"
PROF_KINDS = {"imaging", "ed"}
CDM_FIRST_KINDS = {"imaging", "surgery", "ed", "therapy"}  # CDM in code|1, CPT in code|2; labs the other way round


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _fmt_num(x: float | None) -> str:
    if x is None:
        return ""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _rate(rng: random.Random, base: float, mult: float) -> float:
    return _money(base * mult * rng.uniform(0.9, 1.12))


def _build_hosp_a(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    cdm = iter(range(10_000_000 + rng.randint(0, 999) * 10, 99_999_999, rng.randint(7, 31)))
    gross_mult = 4.1

    def payers_for(kind: str, base: float, gross: float, drg_los: float | None = None) -> dict:
        out = {}
        for payer, plan, mult in PAYERS_A:
            key = (payer, plan)
            if rng.random() < 0.05 and kind not in ("drg",):
                out[key] = None  # no rate for this payer
                continue
            if kind == "drg":
                if payer == "UnitedHealthcare":
                    pct = rng.choice([52, 55, 58, 61.5])
                    out[key] = {"pct": pct, "est": _money(gross * pct / 100 * rng.uniform(0.92, 1.05)),
                                "method": "percent of total billed charges"}  # fmt: skip
                elif payer == "CareSource":
                    out[key] = {"dollar": _money(base * mult / drg_los * rng.uniform(0.95, 1.05)), "method": "per diem",
                                "notes": "Per diem rate; outlier provisions apply after day 30"}  # fmt: skip
                else:
                    out[key] = {"dollar": _rate(rng, base, mult), "method": "case rate"}
            elif kind == "room":
                out[key] = {"dollar": _rate(rng, base, mult * 0.6), "method": "per diem"}
            elif kind == "imaging" and payer == "UnitedHealthcare":
                pct = rng.choice([38, 41.5, 45])
                out[key] = {"pct": pct, "est": _money(gross * pct / 100 * rng.uniform(0.9, 1.05)),
                            "method": "percent of total billed charges"}  # fmt: skip
            else:
                out[key] = {"dollar": _rate(rng, base, mult), "method": "fee schedule"}
        return out

    def add(description, codes, setting, gross, cash, payers, bclass="facility", modifiers="", unit="", utype="",
            notes=""):  # fmt: skip
        dollars = [p["dollar"] for p in payers.values() if p and "dollar" in p]
        rows.append({"description": description, "codes": codes, "modifiers": modifiers, "setting": setting,
                     "billing_class": bclass, "drug_unit": unit, "drug_type": utype, "gross": gross, "cash": cash,
                     "payers": payers, "min": min(dollars) if dollars else None,
                     "max": max(dollars) if dollars else None, "notes": notes})  # fmt: skip

    # services: the professional row (where there is one) before the facility row
    for code, ctype, desc, _plain, base, kind in SERVICES:
        gross = _money(base * gross_mult * rng.uniform(0.85, 1.2))
        cash = _money(gross * 0.6)
        setting = "both" if kind in ("lab", "ed") else "outpatient"
        if kind in PROF_KINDS and code != "G0378":
            pbase = base * (0.28 if kind == "imaging" else 0.35)
            pg = _money(pbase * 3.2 * rng.uniform(0.9, 1.1))
            mod = "26" if kind == "imaging" else ""
            add(desc.replace("HC ", "PR ", 1), [(code, ctype)], setting, pg, _money(pg * 0.6),
                payers_for("prof", pbase, pg), bclass="professional", modifiers=mod)  # fmt: skip
        codes = [(str(next(cdm)), "CDM"), (code, ctype)]
        if kind not in CDM_FIRST_KINDS:
            codes.reverse()
        add(desc, codes, setting, gross, cash, payers_for(kind, base, gross))
        if code in ("99285", "G0121"):  # a second row: one payer with a second rate under other terms
            prev = rows[-1]
            alt = dict(prev["payers"])
            who = (
                ("CareSource", "Ohio Medicaid")
                if code == "99285"
                else ("Anthem Blue Cross and Blue Shield", "Blue Access PPO")
            )
            base_rate = alt[who]["dollar"] if alt[who] else _rate(rng, base, 1.0)
            alt[who] = {"dollar": _money(base_rate * 1.35), "method": "fee schedule",
                        "notes": "Applies when the visit results in an observation stay" if code == "99285"
                        else "Applies when a polyp is removed during the screening"}  # fmt: skip
            add(desc, list(prev["codes"]), prev["setting"], prev["gross"], prev["cash"], alt)
    for jcode, ndc, desc, _plain, base, unit, utype in DRUGS:
        gross = _money(base * 9 * rng.uniform(0.9, 1.3))
        add(desc, [(jcode, "HCPCS"), (ndc, "NDC")], "both", gross, _money(gross * 0.6),
            payers_for("drug", base, gross), unit=unit, utype=utype)  # fmt: skip
    for rc, desc, base in ROOMS:
        gross = _money(base * 2.4 * rng.uniform(0.95, 1.1))
        add(desc, [(rc, "RC")], "inpatient", gross, _money(gross * 0.6), payers_for("room", base, gross),
            notes="Per day")  # fmt: skip
    for drg, desc, base, los in DRGS:
        gross = _money(base * 3.6 * rng.uniform(0.85, 1.25))
        add(desc, [(drg, "MS-DRG")], "inpatient", gross, _money(gross * 0.6), payers_for("drg", base, gross, los),
            notes="Gross charge is the average billed charge for the MS-DRG over the last 12 months")  # fmt: skip
    return rows


def _build_hosp_b(rng: random.Random) -> list[dict]:
    items: list[dict] = []
    local = rng.randint(300000, 399999)

    def payer_list(kind: str, base: float, gross: float, los: float | None = None) -> list[dict]:
        out = []
        for payer, plan, mult in PAYERS_B:
            if rng.random() < 0.06:
                continue
            e = {"payer_name": payer, "plan_name": plan}
            if payer == "Anthem Blue Cross and Blue Shield" and kind in ("imaging", "surgery"):
                pct = rng.choice([47, 50, 52.5, 55])
                e |= {"standard_charge_percentage": pct,
                      "estimated_amount": _money(gross * pct / 100 * rng.uniform(0.9, 1.06)),
                      "methodology": "percent of total billed charges"}  # fmt: skip
            elif kind == "drg" and payer == "Cigna":
                pct = rng.choice([60, 62.5, 65])
                e |= {"standard_charge_percentage": pct,
                      "estimated_amount": _money(gross * pct / 100 * rng.uniform(0.9, 1.06)),
                      "methodology": "percent of total billed charges"}  # fmt: skip
            elif kind == "drg" and payer == "CareSource":
                e |= {
                    "standard_charge_dollar": _money(base * mult / los * rng.uniform(0.95, 1.05)),
                    "methodology": "per diem",
                }
            elif kind == "drg":
                e |= {"standard_charge_dollar": _rate(rng, base, mult), "methodology": "case rate"}
            elif kind == "ed" and payer == "UnitedHealthcare":
                e |= {"standard_charge_algorithm": "Lesser of billed charges or 240% of the Medicare OPPS rate",
                      "estimated_amount": _money(base * 2.4 * rng.uniform(0.9, 1.1)), "methodology": "other"}  # fmt: skip
            else:
                e |= {"standard_charge_dollar": _rate(rng, base, mult), "methodology": "fee schedule"}
            out.append(e)
        return out

    def charges(setting: str, gross: float, pays: list[dict]) -> dict:
        dollars = [p["standard_charge_dollar"] for p in pays if "standard_charge_dollar" in p]
        c = {"setting": setting, "gross_charge": gross, "discounted_cash": _money(gross * 0.55)}
        if dollars:
            c |= {"minimum": min(dollars), "maximum": max(dollars)}
        c["payers_information"] = pays
        return c

    skip_codes = {"73721", "97161", "G0378", "43239"}
    for code, ctype, _desc, plain, base, kind in SERVICES:
        if code in skip_codes:
            continue
        local += rng.randint(3, 40)
        gross = _money(base * 3.7 * rng.uniform(0.8, 1.3))
        codes = [{"code": code, "type": ctype}, {"code": str(local), "type": "LOCAL"}]
        if kind == "lab":
            sc = [charges("outpatient", gross, payer_list(kind, base, gross))]
            g2 = _money(gross * rng.uniform(1.05, 1.25))
            sc.append(charges("inpatient", g2, payer_list(kind, base, g2)))
        else:
            sc = [charges("both" if kind == "ed" else "outpatient", gross, payer_list(kind, base, gross))]
        items.append({"description": plain, "code_information": codes, "standard_charges": sc})
    for jcode, ndc, _desc, plain, base, _unit, _utype in DRUGS[:4]:
        gross = _money(base * 8 * rng.uniform(0.9, 1.3))
        items.append({"description": plain, "code_information": [{"code": jcode, "type": "HCPCS"}, {"code": ndc, "type": "NDC"}],
                      "standard_charges": [charges("both", gross, payer_list("drug", base, gross))]})  # fmt: skip
    drg_info = {d[0]: (d[1].capitalize(), d[2], d[3]) for d in DRGS} | DRGS_B_EXTRA
    for drg in DRGS_B:
        desc, base, los = drg_info[drg]
        gross = _money(base * 3.3 * rng.uniform(0.8, 1.35))
        items.append({"description": desc, "code_information": [{"code": drg, "type": "MS-DRG"}],
                      "standard_charges": [charges("inpatient", gross, payer_list("drg", base, gross, los))]})  # fmt: skip
    return items


def _write_hosp_a(t: Truth, d: Path) -> None:
    header = ["description", "code|1", "code|1|type", "code|2", "code|2|type", "modifiers", "setting", "billing_class",
              "drug_unit_of_measurement", "drug_type_of_measurement", "standard_charge|gross",
              "standard_charge|discounted_cash"]  # fmt: skip
    for payer, plan, _m in PAYERS_A:
        header += [f"standard_charge|{payer}|{plan}|negotiated_dollar",
                   f"standard_charge|{payer}|{plan}|negotiated_percentage",
                   f"standard_charge|{payer}|{plan}|negotiated_algorithm", f"estimated_amount|{payer}|{plan}",
                   f"standard_charge|{payer}|{plan}|methodology", f"additional_payer_notes|{payer}|{plan}"]  # fmt: skip
    header += ["standard_charge|min", "standard_charge|max", "additional_generic_notes"]
    width = len(header)
    general = ["hospital_name", "last_updated_on", "version", "hospital_location", "hospital_address",
               "license_number|OH", AFFIRMATION]  # fmt: skip
    values = ["Riverbend Regional Medical Center", "7/1/2024", "2.0.0",
              "Riverbend Regional Medical Center|Riverbend Outpatient Imaging - Beavercreek",
              "1400 Riverside Drive, Dayton, OH 45405|2150 Grange Hall Road, Beavercreek, OH 45431", "0362", "true"]  # fmt: skip
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(general + [""] * (width - len(general)))
    w.writerow(values + [""] * (width - len(values)))
    w.writerow(header)
    for r in t.hosp_a:
        codes = r["codes"] + [("", "")] * (2 - len(r["codes"]))
        line = [r["description"], codes[0][0], codes[0][1], codes[1][0], codes[1][1], r["modifiers"], r["setting"],
                r["billing_class"], r["drug_unit"], r["drug_type"], _fmt_num(r["gross"]), _fmt_num(r["cash"])]  # fmt: skip
        for payer, plan, _m in PAYERS_A:
            p = r["payers"].get((payer, plan))
            if not p:
                line += [""] * 6
            else:
                line += [_fmt_num(p.get("dollar")), _fmt_num(p.get("pct")), "", _fmt_num(p.get("est")), p["method"],
                         p.get("notes", "")]  # fmt: skip
        line += [_fmt_num(r["min"]), _fmt_num(r["max"]), r["notes"]]
        assert len(line) == width
        w.writerow(line)
    (d / HOSP_A_FILE).write_bytes(b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8"))


def _write_hosp_b(t: Truth, d: Path) -> None:
    doc = {
        "hospital_name": "St. Columba Hospital",
        "last_updated_on": "2024-09-16",
        "version": "2.0.0",
        "hospital_location": ["St. Columba Hospital"],
        "hospital_address": ["3535 Southern Boulevard, Kettering, OH 45429"],
        "license_information": {"license_number": "0415", "state": "OH"},
        "affirmation": {"affirmation": AFFIRMATION, "confirm_affirmation": True},
        "standard_charge_information": t.hosp_b,
        "modifier_information": [{"description": "Bilateral procedure", "code": "50", "modifier_payer_information": [
            {"payer_name": p, "plan_name": q, "description": "150% payment adjustment for the item or service to which the modifier is appended"}
            for p, q, _m in PAYERS_B[:3]]}],
    }  # fmt: skip
    (d / HOSP_B_FILE).write_bytes(json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


# ==================================================================================================
# Bushfires: NASA FIRMS active fire downloads (VIIRS S-NPP and MODIS) for Victoria, Dec 2024 - Feb 2025
# ==================================================================================================

FR_START, FR_END = date(2024, 12, 1), date(2025, 2, 28)  # UTC acquisition dates requested
FR_ARCHIVE_END = {"VIIRS": date(2024, 12, 31), "MODIS": date(2024, 12, 28)}  # standard quality up to here
AEDT = timedelta(hours=11)  # Melbourne is on daylight time (UTC+11) from October to April
FR_BOX = (-37.45, -36.95, 142.15, 142.65)  # Grampians: lat min, lat max, lon min, lon max
FR_LOCAL_DAY = date(2024, 12, 21)
# name, centre lat, lon, first and last local day, peak day, peak detections per VIIRS day pass, spread (deg)
FIRE_EVENTS = [
    ("Grampians", -37.20, 142.40, date(2024, 12, 17), date(2025, 1, 14), date(2024, 12, 21), 230, 0.14),
    ("Little Desert", -36.55, 141.62, date(2024, 12, 26), date(2025, 1, 6), date(2024, 12, 29), 120, 0.1),
    ("Grampians north", -37.02, 142.48, date(2025, 1, 24), date(2025, 2, 4), date(2025, 1, 27), 60, 0.06),
    ("Mount Cole", -37.26, 143.24, date(2025, 2, 9), date(2025, 2, 21), date(2025, 2, 12), 85, 0.08),
    ("Gippsland", -37.62, 148.10, date(2025, 1, 3), date(2025, 1, 12), date(2025, 1, 6), 40, 0.07),
]  # fmt: skip
# static industrial sources (type 2) and an offshore platform (type 3)
STATIC = [("Portland smelter", -38.345, 141.586, 0.45, 2), ("Loy Yang", -38.255, 146.585, 0.3, 2),
          ("Yallourn", -38.175, 146.345, 0.25, 2), ("Bass Strait platform", -38.452, 147.741, 0.15, 3)]  # fmt: skip
BOX_AREA = (-39.2, -33.9, 140.9, 150.0)
README_TEXT = """========================================================
README: NASA FIRMS {inst} Fire/Hotspot Data Download
========================================================

If you requested data from more than one instrument (MODIS, VIIRS S-NPP, VIIRS NOAA-20, VIIRS NOAA-21 or
LANDSAT) you receive one email, with its own download link, for each data source.

This zip file's name begins with:
    DL_FIRE_M-C61_xxxx if you requested MODIS data (C61 stands for MODIS Collection 6.1), or
    DL_FIRE_SV-C2_xxxx if you requested VIIRS 375m data from S-NPP (C2 stands for Collection 2)

Depending on the date range selected you may receive one or two files: Near Real-Time (NRT) data and/or
standard (science) quality data. NRT data are replaced with standard quality data when they become available
(usually after two to three months).

-- fire_nrt_M-C61_xxxx     = MODIS NRT file (MCD14DL), MODIS Active Fire and Thermal Anomalies processed by LANCE
-- fire_archive_M-C61_xxxx = MODIS standard quality file (MCD14ML)
-- fire_nrt_SV-C2_xxxx     = VIIRS 375m NRT file (VNP14IMGTDL_NRT) from S-NPP processed by LANCE
-- fire_archive_SV-C2_xxxx = VIIRS 375m standard quality file (VNP14IMGTML) from S-NPP

Request: {inst}, area -39.2,140.9,-33.9,150.0 (south, west, north, east), 2024-12-01 to 2025-02-28, CSV

For the attributes of the files see
https://www.earthdata.nasa.gov/data/tools/firms/faq

Please cite: NRT VIIRS 375 m Active Fire product VNP14IMGT distributed from NASA FIRMS / MODIS Collection 61
NRT Hotspot / Active Fire Detections MCD14DL distributed from NASA FIRMS.
"""


def _passes(rng: random.Random, day: date, sensor: str) -> list[tuple[datetime, str, str]]:
    """Overpasses on a UTC day: (time, satellite, D/N). Victoria's local solar time is about UTC+9.5."""
    base = datetime(day.year, day.month, day.day)
    out = []
    if sensor == "VIIRS":
        for start, dn in ((2 * 60 + 40, "D"), (14 * 60 + 40, "N")):
            k = rng.choice([1, 2, 2])
            first = start + rng.randint(0, 60)
            for j in range(k):
                t = first + j * 101
                if t <= start + 155:
                    out.append((base + timedelta(minutes=t), "N", dn))
    else:
        for sat, start, dn in (("Terra", 0, "D"), ("Terra", 12 * 60 + 15, "N"), ("Aqua", 3 * 60 + 15, "D"),
                               ("Aqua", 15 * 60 + 15, "N")):  # fmt: skip
            if rng.random() < 0.85:
                out.append((base + timedelta(minutes=start + rng.randint(0, 95)), sat, dn))
    return sorted(out)


def _intensity(ev: tuple, local_day: date) -> float:
    _n, _la, _lo, first, last, peak, top, _s = ev
    if not first <= local_day <= last:
        return 0.0
    if local_day <= peak:
        span = max(1, (peak - first).days)
        return top * (0.25 + 0.75 * (local_day - first).days / span)
    span = max(1, (last - peak).days)
    return top * max(0.03, 1 - (local_day - peak).days / span) ** 1.6


def _build_fires(rng: random.Random) -> list[dict]:
    dets: list[dict] = []
    day = FR_START
    while day <= FR_END:
        for sensor in ("VIIRS", "MODIS"):
            file = "archive" if day <= FR_ARCHIVE_END[sensor] else "nrt"
            for when, sat, dn in _passes(rng, day, sensor):
                local_day = (when + AEDT).date()
                scale = 1.0 if sensor == "VIIRS" else 0.14
                night = 0.45 if dn == "N" else 1.0
                if sat == "Terra" and dn == "D":
                    night = 0.8
                sources = []
                for ev in FIRE_EVENTS:
                    lam = _intensity(ev, local_day) * scale * night * rng.uniform(0.6, 1.3)
                    n = max(0, round(rng.gauss(lam, math.sqrt(lam) + 0.3))) if lam > 0 else 0
                    sources += [("fire", ev)] * n
                n_bg = max(0, round(rng.gauss(6 * scale * night, 2 * scale + 0.5)))
                sources += [("grass", None)] * n_bg
                for st in STATIC:
                    if rng.random() < st[3] * (1.0 if sensor == "VIIRS" else 0.4):
                        sources.append(("static", st))
                for kind, src in sources:
                    if kind == "fire":
                        lat = src[1] + rng.gauss(0, src[7])
                        lon = src[2] + rng.gauss(0, src[7] * 1.2)
                        frp = math.exp(rng.gauss(2.2 if sensor == "VIIRS" else 3.3, 1.0))
                        typ = 0
                    elif kind == "grass":
                        lat = rng.uniform(BOX_AREA[0] + 0.3, -35.0)
                        lon = rng.uniform(BOX_AREA[2] + 0.1, 148.5)
                        frp = math.exp(rng.gauss(1.2 if sensor == "VIIRS" else 2.5, 0.8))
                        typ = 0
                    else:
                        lat = src[1] + rng.gauss(0, 0.003)
                        lon = src[2] + rng.gauss(0, 0.003)
                        frp = math.exp(rng.gauss(1.6 if sensor == "VIIRS" else 2.8, 0.5))
                        typ = src[4]
                    minute = rng.choice([0, 0, 0, 1, 1, 2]) if sensor == "VIIRS" else rng.choice([0, 0, 5])
                    t = when + timedelta(minutes=minute)
                    if sensor == "VIIRS":
                        b4 = min(367.0, 300 + 14 * math.log1p(frp) + rng.uniform(-4, 18))
                        if b4 > 366:
                            b4 = 367.0
                        conf = (
                            "h"
                            if b4 >= 367 or (frp > 40 and rng.random() < 0.5)
                            else ("l" if rng.random() < (0.22 if dn == "D" else 0.08) else "n")
                        )
                        det = {"bright": round(b4, 2), "scan": round(rng.uniform(0.32, 0.78), 2),
                               "track": round(rng.uniform(0.36, 0.78), 2), "confidence": conf,
                               "version": "2" if file == "archive" else "2.0NRT",
                               "bright2": round(rng.uniform(272, 305) + (6 if dn == "D" else -8), 2),
                               "frp": round(frp, 2), "lat": round(lat, 5), "lon": round(lon, 5)}  # fmt: skip
                    else:
                        bt = 305 + 22 * math.log1p(frp) + rng.uniform(-6, 12)
                        conf = max(0, min(100, round(28 + 11 * math.log1p(frp) + rng.gauss(0, 16))))
                        det = {"bright": round(bt, 1), "scan": round(rng.uniform(1.0, 3.6), 1),
                               "track": round(rng.uniform(1.0, 1.7), 1), "confidence": conf,
                               "version": "6.1" if file == "archive" else "6.1NRT",
                               "bright2": round(rng.uniform(285, 305) + (6 if dn == "D" else -8), 1),
                               "frp": round(frp, 1), "lat": round(lat, 4), "lon": round(lon, 4)}  # fmt: skip
                    det |= {"sensor": sensor, "file": file, "utc": t, "satellite": sat, "daynight": dn, "type": typ,
                            "source": src[0] if src else "grass"}  # fmt: skip
                    dets.append(det)
        day += timedelta(days=1)
    dets.sort(key=lambda x: (x["sensor"], x["utc"], -x["lat"], x["lon"]))
    return dets


def _fire_csv(rows: list[dict], sensor: str, archive: bool) -> bytes:
    b1, b2 = ("bright_ti4", "bright_ti5") if sensor == "VIIRS" else ("brightness", "bright_t31")
    cols = ["latitude", "longitude", b1, "scan", "track", "acq_date", "acq_time", "satellite", "instrument",
            "confidence", "version", b2, "frp", "daynight"] + (["type"] if archive else [])  # fmt: skip
    lat_fmt = "{:.5f}" if sensor == "VIIRS" else "{:.4f}"
    b_fmt = "{:.2f}" if sensor == "VIIRS" else "{:.1f}"
    lines = [",".join(cols)]
    for r in rows:
        hhmm = r["utc"].hour * 100 + r["utc"].minute
        vals = [lat_fmt.format(r["lat"]), lat_fmt.format(r["lon"]), b_fmt.format(r["bright"]), f"{r['scan']:g}",
                f"{r['track']:g}", r["utc"].strftime("%Y-%m-%d"), str(hhmm) if archive else f"{hhmm:04d}",
                r["satellite"], sensor, str(r["confidence"]), r["version"], b_fmt.format(r["bright2"]),
                b_fmt.format(r["frp"]), r["daynight"]]  # fmt: skip
        if archive:
            vals.append(str(r["type"]))
        lines.append(",".join(vals))
    return ("\n".join(lines) + "\n").encode("ascii")


def _write_fires(t: Truth, d: Path) -> None:
    for sensor, zname, arch, nrt, inst, stamp in (
        ("VIIRS", VIIRS_ZIP, VIIRS_ARCHIVE, VIIRS_NRT, "VIIRS S-NPP", (2025, 3, 12, 9, 41, 6)),
        ("MODIS", MODIS_ZIP, MODIS_ARCHIVE, MODIS_NRT, "MODIS", (2025, 3, 12, 9, 40, 52)),
    ):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, payload in (
                (arch, _fire_csv([r for r in t.fires if r["sensor"] == sensor and r["file"] == "archive"], sensor, True)),
                (nrt, _fire_csv([r for r in t.fires if r["sensor"] == sensor and r["file"] == "nrt"], sensor, False)),
                ("Readme.txt", README_TEXT.format(inst=inst).replace("\n", "\r\n").encode("ascii")),
            ):  # fmt: skip
                info = zipfile.ZipInfo(name, date_time=stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, payload)
        (d / zname).write_bytes(buf.getvalue())


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    players, matches, rankings = _build_tennis(_rng("tennis"))
    hosp_rng = _rng("hospitals")
    hosp_a = _build_hosp_a(hosp_rng)
    hosp_b = _build_hosp_b(hosp_rng)
    fires = _build_fires(_rng("fires"))
    return Truth(players=players, matches=matches, rankings=rankings, hosp_a=hosp_a, hosp_b=hosp_b, fires=fires)


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_tennis(t, d)
    _write_hosp_a(t, d)
    _write_hosp_b(t, d)
    _write_fires(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout44-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
